"""chomp as the seed's class (boardcheck check chomp --py-func chomp_board.py:Board):
Count/Legal/Move/Display over the monotone boundary, stored as runs of rows of
equal width so that a 10^9 x 10^9 board is cheap."""
from bisect import bisect_right


class Board:
    def __init__(self, width, height):
        self.w, self.h = width, height
        self.ends, self.widths = [height], [width]  # rows [previous end, end) have width widths[i]
        self.count = width * height

    def row(self, y):
        i = bisect_right(self.ends, y)
        return self.widths[i] if i < len(self.ends) else 0

    def Count(self):
        return self.count

    def Legal(self, x, y):
        return 0 <= x < self.w and 0 <= y < self.h and x < self.row(y)

    def Move(self, x, y):
        ends, widths = self.ends, self.widths
        i = bisect_right(ends, y)
        start = ends[i - 1] if i > 0 else 0
        first = widths[i]
        j, lo = i, y
        while j < len(ends) and widths[j] > x:
            self.count -= (ends[j] - lo) * (widths[j] - x)
            lo = ends[j]
            j += 1
        new_ends, new_widths = ends[:i], widths[:i]
        if start < y:
            new_ends.append(y)
            new_widths.append(first)
        if x > 0 and not (j < len(ends) and widths[j] == x):
            new_ends.append(lo)
            new_widths.append(x)
        self.ends, self.widths = new_ends + ends[j:], new_widths + widths[j:]

    def Display(self):
        for y in range(self.h - 1, -1, -1):
            print(str(y) + " " + "* " * self.row(y))
        print("  " + "".join("%d " % x for x in range(self.w)))
