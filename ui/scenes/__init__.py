"""The app's scenes: select, setup, play, results, rules, settings (one small class each)."""
