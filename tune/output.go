package tune

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strings"
	"time"

	"vireo/data"
	"vireo/eval"
)

// WriteFileAtomic writes an output file atomically and readable by all
// (data.WriteFileAtomic), so that a tune killed mid-write leaves the
// previous file whole.
func WriteFileAtomic(path string, b []byte) error { return data.WriteFileAtomic(path, b, 0o644) }

// SaveParams writes p as a parameter file, atomically, with a header
// comment (what produced it). A table that would not load back (a value
// beyond ±eval.MaxParam) is refused and the file left as it was.
func SaveParams(path string, p *eval.Params, header string) error {
	var b bytes.Buffer
	for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
		if l != "" {
			fmt.Fprintf(&b, "# %s\n", l)
		}
	}
	if err := eval.WriteParams(&b, p); err != nil {
		return err
	}
	// A tune that diverged (values beyond ±eval.MaxParam) must not
	// replace a good table with one that no command can load.
	if _, err := eval.ReadParams(bytes.NewReader(b.Bytes()), nil); err != nil {
		return fmt.Errorf("%s not written: the table would not load back: %v", path, err)
	}
	return WriteFileAtomic(path, b.Bytes())
}

// Progress draws a one-line progress bar with the ETA and the current
// error on w (standard error), redrawn in place.
type Progress struct {
	W     io.Writer
	Total int
	start time.Time
	last  time.Time
}

// Update redraws the bar at done of Total, at most ten times a second
// (and always at the end).
func (pr *Progress) Update(done int, msg string) {
	now := time.Now()
	if pr.start.IsZero() {
		pr.start = now
	}
	if done < pr.Total && now.Sub(pr.last) < 100*time.Millisecond {
		return
	}
	pr.last = now
	frac := float64(done) / float64(max(pr.Total, 1))
	const width = 30
	n := int(frac * width)
	eta := "?"
	if done > 0 {
		el := now.Sub(pr.start)
		eta = (time.Duration(float64(el) * (1 - frac) / frac)).Round(time.Second).String()
	}
	fmt.Fprintf(pr.W, "\r[%s%s] %3.0f%% %d/%d ETA %s %s\x1b[K", strings.Repeat("#", n), strings.Repeat(".", width-n),
		100*frac, done, pr.Total, eta, msg)
	if done >= pr.Total {
		fmt.Fprintln(pr.W)
	}
}

// Done ends the bar's line early (a converged tune).
func (pr *Progress) Done() { fmt.Fprintln(pr.W) }

// PlotErrors draws training (blue) and validation (red) error per epoch
// as a PNG, with the error range and epoch count written on the axes.
func PlotErrors(w io.Writer, hist []Epoch) error {
	const W, H, L, R, T, B = 640, 400, 60, 16, 16, 30
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	fill(img, img.Bounds(), color.RGBA{255, 255, 255, 255})
	if len(hist) == 0 {
		return png.Encode(w, img)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range hist {
		for _, v := range []float64{e.Train, e.Valid} {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi <= lo {
		hi = lo + 1e-6
	}
	pad := (hi - lo) * 0.05
	lo, hi = lo-pad, hi+pad
	x := func(n int) int { return L + (n-1)*(W-L-R-1)/max(len(hist)-1, 1) }
	y := func(v float64) int { return T + int(float64(H-T-B-1)*(hi-v)/(hi-lo)) }
	grey := color.RGBA{220, 220, 220, 255}
	black := color.RGBA{0, 0, 0, 255}
	for i := 0; i <= 4; i++ {
		v := lo + (hi-lo)*float64(i)/4
		fill(img, image.Rect(L, y(v), W-R, y(v)+1), grey)
		text(img, 2, y(v)-5, fmt.Sprintf("%.5f", v), black)
	}
	fill(img, image.Rect(L, T, L+1, H-B), black)
	fill(img, image.Rect(L, H-B, W-R, H-B+1), black)
	text(img, L, H-B+8, "1", black)
	last := fmt.Sprintf("%d", len(hist))
	text(img, W-R-8*len(last), H-B+8, last, black)
	series := []struct {
		c   color.RGBA
		get func(Epoch) float64
	}{
		{color.RGBA{30, 80, 200, 255}, func(e Epoch) float64 { return e.Train }},
		{color.RGBA{210, 40, 40, 255}, func(e Epoch) float64 { return e.Valid }},
	}
	for _, s := range series {
		for i := 1; i < len(hist); i++ {
			a, b := s.get(hist[i-1]), s.get(hist[i])
			if a > 0 && b > 0 {
				line(img, x(i), y(a), x(i+1), y(b), s.c)
			}
		}
	}
	// Legend: a short line of each colour and its name.
	fill(img, image.Rect(W-R-76, T+6, W-R-56, T+8), series[0].c)
	text(img, W-R-48, T+3, "TRAIN", series[0].c)
	fill(img, image.Rect(W-R-76, T+20, W-R-56, T+22), series[1].c)
	text(img, W-R-48, T+17, "VALID", series[1].c)
	text(img, (L+W-R)/2-20, H-B+8, "EPOCH", black)
	return png.Encode(w, img)
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	e := dx + dy
	for {
		fill(img, image.Rect(x0, y0, x0+2, y0+2), c)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			x0 += sx
		}
		if e2 <= dx {
			e += dx
			y0 += sy
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// glyphs is a 3x5 pixel font for the axis numbers: each row of a glyph
// is three bits, top row first.
var glyphs = map[rune][5]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 7, 1, 7},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 1, 1},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7}, '.': {0, 0, 0, 0, 2}, '-': {0, 0, 7, 0, 0},
	'A': {2, 5, 7, 5, 5}, 'C': {7, 4, 4, 4, 7}, 'D': {6, 5, 5, 5, 6}, 'E': {7, 4, 6, 4, 7},
	'H': {5, 5, 7, 5, 5}, 'I': {7, 2, 2, 2, 7}, 'L': {4, 4, 4, 4, 7}, 'N': {5, 7, 7, 7, 5},
	'O': {7, 5, 5, 5, 7}, 'P': {6, 5, 6, 4, 4}, 'R': {6, 5, 6, 5, 5}, 'T': {7, 2, 2, 2, 2},
	'V': {5, 5, 5, 5, 2}, 'W': {5, 5, 7, 7, 5}, 'S': {7, 4, 7, 1, 7}, 'M': {5, 7, 7, 5, 5},
	'B': {6, 5, 6, 5, 6}, 'G': {7, 4, 5, 5, 7}, 'K': {5, 5, 6, 5, 5}, 'U': {5, 5, 5, 5, 7},
	'F': {7, 4, 6, 4, 4}, 'Y': {5, 5, 2, 2, 2}, 'X': {5, 5, 2, 5, 5}, ':': {0, 2, 0, 2, 0},
	'Q': {7, 5, 5, 7, 1}, '(': {1, 2, 2, 2, 1}, ')': {4, 2, 2, 2, 4}, ',': {0, 0, 0, 2, 4},
}

// text writes s with the 3x5 font doubled (each dot 2x2 pixels), 8
// pixels a character.
func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	for _, r := range s {
		g := glyphs[r]
		for row, bits := range g {
			for col := range 3 {
				if bits&(4>>col) != 0 {
					fill(img, image.Rect(x+2*col, y+2*row, x+2*col+2, y+2*row+2), c)
				}
			}
		}
		x += 8
	}
}
