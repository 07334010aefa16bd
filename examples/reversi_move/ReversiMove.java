// reversi-move, correct, in Java: one move on an m x n grid (docs/spec/reversi-move.md).
// One JVM per case, as judges run Java: the JVM's start-up is
// most of each run's time, which is what `check` must not take for a
// time-out on a busy machine.
//
// Build and check:
//   javac -d /tmp/rm examples/reversi_move/ReversiMove.java
//   boardcheck check reversi-move -- java -cp /tmp/rm ReversiMove
//
// Reads `m n`, m board lines, `row col player` from stdin; prints the board
// after the move.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;

public class ReversiMove {
    private static final int[][] DIRECTIONS = {
        {-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}
    };

    static int[][] placePiece(int[][] board, int row, int col, int player) {
        int m = board.length;
        int n = board[0].length;
        int opponent = 3 - player;
        if (board[row][col] != 0) {
            return board;
        }
        List<int[]> flips = new ArrayList<>();
        for (int[] d : DIRECTIONS) {
            int r = row + d[0];
            int c = col + d[1];
            List<int[]> run = new ArrayList<>();
            while (r >= 0 && r < m && c >= 0 && c < n && board[r][c] == opponent) {
                run.add(new int[] {r, c});
                r += d[0];
                c += d[1];
            }
            if (!run.isEmpty() && r >= 0 && r < m && c >= 0 && c < n && board[r][c] == player) {
                flips.addAll(run);
            }
        }
        if (flips.isEmpty()) {
            return board;
        }
        int[][] out = new int[m][];
        for (int r = 0; r < m; r++) {
            out[r] = board[r].clone();
        }
        out[row][col] = player;
        for (int[] cell : flips) {
            out[cell[0]][cell[1]] = player;
        }
        return out;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder text = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            text.append(line).append('\n');
        }
        StringTokenizer tokens = new StringTokenizer(text.toString());
        int m = Integer.parseInt(tokens.nextToken());
        int n = Integer.parseInt(tokens.nextToken());
        int[][] board = new int[m][n];
        for (int r = 0; r < m; r++) {
            for (int c = 0; c < n; c++) {
                board[r][c] = Integer.parseInt(tokens.nextToken());
            }
        }
        int row = Integer.parseInt(tokens.nextToken());
        int col = Integer.parseInt(tokens.nextToken());
        int player = Integer.parseInt(tokens.nextToken());
        StringBuilder out = new StringBuilder();
        for (int[] cells : placePiece(board, row, col, player)) {
            for (int c = 0; c < n; c++) {
                if (c > 0) {
                    out.append(' ');
                }
                out.append(cells[c]);
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
