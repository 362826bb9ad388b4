"""The lesson and puzzle screens' parts: the board a learner tries moves on, the panel, and their sentences."""
