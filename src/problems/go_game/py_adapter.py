# go-game's --py-func adapter (run inside src/harness/py_driver.py): the
# function takes (n, ko, suicide, commands), commands a list of strings
# ("play b E5", "undo"), and returns (replies, board): one reply string per
# command, then the board's rows from the top.
def serve(case):
    def convert(result):
        replies, board = result
        return {"replies": [str(r) for r in replies], "board": rows(board)}
    result = func(case["n"], case["ko"], case["suicide"], list(case["commands"]))
    return shaped(result, "(replies, board)", convert)
