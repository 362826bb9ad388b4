"""`python -m game.puzzles`: run the puzzle generator (see game.puzzles.generate)."""
from game.puzzles.generate import main

main()
