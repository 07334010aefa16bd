# othello-game's --py-func adapter (run inside src/harness/py_driver.py): the
# function takes (n, commands), commands a list of strings ("play b d3",
# "undo"), and returns (replies, board): one reply string per command, then
# the board's rows from row 1 (the top).
def serve(case):
    def convert(result):
        replies, board = result
        return {"replies": [str(r) for r in replies], "board": rows(board)}
    return shaped(func(case["n"], list(case["commands"])), "(replies, board)", convert)
