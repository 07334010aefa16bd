"""chomp, wrong: Count() is one short once a move was made, so the seed's
game loop would announce a loss one move early
(boardcheck check chomp --py-func chomp_board_count_off.py:Board: WA, the
report lists Count()'s value)."""
from chomp_board import Board as Right


class Board(Right):
    def Count(self):
        untouched = self.count == self.w * self.h
        return self.count if untouched else self.count - 1
