# reversi-move's --py-func adapter (run inside src/harness/py_driver.py):
# place_piece(board, row, col, player) returns the board after the move.
def serve(case):
    return {"board": func(case["board"], case["row"], case["col"], case["player"])}
