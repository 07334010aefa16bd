# go-capture's --py-func adapter (run inside src/harness/py_driver.py): the
# function takes the board and returns (removed, board).
def serve(case):
    def convert(result):
        removed, board = result
        return {"removed": removed, "board": rows(board)}
    return shaped(func(list(case["board"])), "(removed, board)", convert)
