# chomp-solve's --py-func adapter (run inside src/harness/py_driver.py):
# the function takes the rows and returns the winning moves; the
# signature's meaning: no winning move is lose.
def serve(case):
    moves = shaped(func(list(case["rows"])), "a list of (x, y)",
                   lambda ms: [[x, y] for x, y in ms])
    return {"value": "win", "moves": moves} if moves else {"value": "lose"}
