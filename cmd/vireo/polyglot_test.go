package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vireo/chess"
)

// buildVireo compiles the engine into a temporary directory.
func buildVireo(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "vireo")
	out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return exe
}

// TestPolyglotPlaysAGame has Debian's polyglot, a real UCI client, drive
// Vireo through a whole game: the test speaks xboard to polyglot, polyglot
// speaks UCI to Vireo. From a won KQ v K position Vireo must mate.
func TestPolyglotPlaysAGame(t *testing.T) {
	pg, err := exec.LookPath("polyglot")
	if err != nil {
		if pg, err = exec.LookPath("/usr/games/polyglot"); err != nil {
			t.Skip("polyglot is not installed (apt-get install polyglot)")
		}
	}
	exe := buildVireo(t)
	dir := t.TempDir()
	ini := filepath.Join(dir, "vireo.ini")
	conf := "[PolyGlot]\nEngineCommand = " + exe + "\nEngineDir = " + dir + "\nBook = false\nLogFile = " + filepath.Join(dir, "pg.log") + "\nLog = true\n[Engine]\nHash = 16\n"
	if err := os.WriteFile(ini, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pg, ini)
	cmd.Dir = dir
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) { io.WriteString(stdin, s+"\n") }
	wait := func(pred func(string) bool, d time.Duration) string {
		t.Helper()
		deadline := time.After(d)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					log, _ := os.ReadFile(filepath.Join(dir, "pg.log"))
					t.Fatalf("polyglot exited; log:\n%s", log)
				}
				if pred(l) {
					return l
				}
			case <-deadline:
				t.Fatalf("timed out after %v", d)
			}
		}
	}
	send("xboard")
	send("protover 2")
	feat := wait(func(l string) bool { return strings.Contains(l, "done=1") }, 10*time.Second)
	usermove := strings.Contains(feat, "usermove=1")
	const start = "8/8/8/4k3/8/8/3QK3/8 w - - 0 1"
	send("new")
	send("setboard " + start)
	send("sd 8")
	send("go")
	pos := chess.MustParseFEN(start)
	for ply := 0; ply < 120; ply++ {
		l := wait(func(l string) bool {
			return strings.HasPrefix(l, "move ") || strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") ||
				strings.HasPrefix(l, "1/2-1/2") || strings.HasPrefix(l, "Illegal") || strings.HasPrefix(l, "Error")
		}, 20*time.Second)
		if !strings.HasPrefix(l, "move ") {
			t.Fatalf("unexpected %q at ply %d", l, ply)
		}
		m, err := pos.ParseUCI(strings.TrimPrefix(l, "move "))
		if err != nil {
			t.Fatalf("engine move %q: %v", l, err)
		}
		pos.MakeMove(m)
		if pos.IsCheckmate() {
			res := wait(func(l string) bool {
				return strings.Contains(l, "1-0") || strings.Contains(l, "0-1") || strings.Contains(l, "1/2")
			}, 10*time.Second)
			if !strings.HasPrefix(res, "1-0") {
				t.Fatalf("after mate polyglot said %q", res)
			}
			t.Logf("Vireo mated after %d moves: %s", ply+1, res)
			send("quit")
			return
		}
		if pos.IsStalemate() || pos.IsInsufficientMaterial() {
			t.Fatalf("Vireo let a won position slip: %s", pos.FEN())
		}
		// The test plays Black: the first legal king move.
		var ml chess.MoveList
		pos.LegalMoves(&ml)
		reply := ml.Moves[0]
		mv := pos.UCI(reply)
		pos.MakeMove(reply)
		if usermove {
			send("usermove " + mv)
		} else {
			send(mv)
		}
	}
	t.Fatal("no mate within 60 moves")
}
