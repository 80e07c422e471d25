package uci

import "testing"

// FuzzUCICommands: a random session against a live engine, the commands
// drawn from the fuzzer's bytes (gui_test.go): every go ends in exactly
// one legal bestmove, after stop if not before; every PV is legal; every
// isready is answered; d shows the position the commands set; nothing
// hangs or says ERROR.
func FuzzUCICommands(f *testing.F) {
	for _, s := range []string{
		"",
		"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a",
		"\x1e\x06\x46\x1e\x00\x3c\x50\x1e\x07\x3c",
		"\x14\x00\x1e\x05\x1e\x06\x2d\x1e\x07\x4a\x1e\x08\x3c\x52\x03",
		"\x55\x03\x1e\x0a\x00\x1e\x04\x55\x03\x1e\x02\x32\x1e\x09\x3c",
		"\x14\x09\x05\x1e\x00\x03\x59\x1e\x06\x59\x1e\x02\x10\x40",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 256 {
			data = data[:256]
		}
		g := startGUI(&byteChooser{b: data}, fuzzScale, "", func(msg string) { t.Fatal(msg) })
		for steps := 0; steps < 40 && len(data) > 0; steps++ {
			g.step()
			data = g.r.(*byteChooser).b
		}
		g.finish()
	})
}
