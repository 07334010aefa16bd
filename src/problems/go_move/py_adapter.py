# go-move's --py-func adapter (run inside src/harness/py_driver.py): the
# function takes (board, col, row, colour); the signature's meaning: None
# is illegal.
def serve(case):
    board = func(list(case["board"]), case["col"], case["row"], case["colour"])
    if board is None:
        return {"legal": False}
    return {"legal": True, "board": shaped(board, "a board or None", rows)}
