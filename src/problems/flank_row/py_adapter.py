# flank-row's --py-func adapter (run inside src/harness/py_driver.py):
# solve(row, placements) returns the final row.
def serve(case):
    placements = [(p, i) for p, i in case["placements"]]
    return {"row": func(case["row"], placements)}
