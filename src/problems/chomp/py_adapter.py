# chomp's --py-func adapter (run inside src/harness/py_driver.py): the
# class is asked for everything; the harness puts the printed lines
# together from what each call returned (src/problems/chomp/calls.rs).
# The seed's Display is not defined beyond this side (chomp's
# MAX_DISPLAY_SIDE, src/problems/chomp/limits.rs; a unit test keeps the two
# equal).
MAX_DISPLAY_SIDE = 10


def serve(case):
    w, h = case["width"], case["height"]
    board = func(w, h)
    calls = []
    for command in case["commands"]:
        word, *args = command.split()
        if word == "count":
            calls.append(returned(board.Count()))
        elif word == "legal":
            calls.append(returned(board.Legal(int(args[0]), int(args[1]))))
        elif word == "move":
            # The seed's game loop: Move only after Legal said yes, then Count.
            x, y = int(args[0]), int(args[1])
            legal = board.Legal(x, y)
            if isinstance(legal, numbers.Integral) and legal:
                board.Move(x, y)
                calls.append([returned(legal), returned(board.Count())])
            else:
                calls.append([returned(legal)])
        elif w > MAX_DISPLAY_SIDE or h > MAX_DISPLAY_SIDE:
            # Not called: the harness prints the line.
            calls.append(None)
        else:
            saved, sys.stdout = sys.stdout, io.StringIO()
            try:
                drawn = board.Display()
                printed = sys.stdout.getvalue()
            finally:
                sys.stdout = saved
            text = drawn if isinstance(drawn, str) else printed
            calls.append(text.rstrip("\n").split("\n") if text.strip() else [])
    return {"calls": calls}
