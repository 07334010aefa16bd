"""chomp, wrong: Legal() refuses the poisoned cell (0, 0), so nobody can
lose (boardcheck check chomp --py-func chomp_board_poison_illegal.py:Board:
WA, the report lists Legal(0, 0)'s value)."""
from chomp_board import Board as Right


class Board(Right):
    def Legal(self, x, y):
        return (x, y) != (0, 0) and super().Legal(x, y)
