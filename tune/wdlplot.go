package tune

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"vireo/search"
)

// WDL plot geometry and colours.
const (
	wdlPlotW, wdlPlotH = 960, 440
	wdlPanelW          = wdlPlotW / 2
	wdlL, wdlR         = 56, 16
	wdlT, wdlB         = 40, 44
	wdlScoreLimit      = 800 // the x axis: -800 .. 800 centipawns
	wdlBucket          = 50
	wdlMinN            = 30 // buckets with fewer positions are not drawn
)

var (
	wdlColors = [3]color.RGBA{{30, 80, 200, 255}, {120, 120, 120, 255}, {210, 40, 40, 255}} // win, draw, loss
	matColors = [3]color.RGBA{{20, 150, 60, 255}, {230, 130, 0, 255}, {140, 50, 170, 255}}
)

// WDLMaterialGroups are the material ranges of the plot's right panel.
var WDLMaterialGroups = [3][2]int{{0, 25}, {26, 55}, {56, 78}}

// PlotWDL draws the fit as a PNG: on the left the observed win, draw
// and loss rates of every 50-centipawn score bucket (squares) against
// the model's mean prediction for the same positions (lines); on the
// right the win rate alone for three ranges of material.
func PlotWDL(w io.Writer, samples []WDLSample, m search.WDLModel) error {
	img := image.NewRGBA(image.Rect(0, 0, wdlPlotW, wdlPlotH))
	fill(img, img.Bounds(), color.RGBA{255, 255, 255, 255})
	black := color.RGBA{0, 0, 0, 255}

	left := panel{x0: 0}
	left.axes(img, "ALL POSITIONS: WIN DRAW LOSS RATE")
	all := WDLCalibration(samples, m, wdlBucket, wdlScoreLimit, 0, 255)
	for k := range 3 {
		left.series(img, all, k, wdlColors[k])
	}
	for k, name := range []string{"WIN", "DRAW", "LOSS"} {
		left.legend(img, wdlPanelW/2-20, k, name, wdlColors[k]) // top centre: no data there
	}

	right := panel{x0: wdlPanelW}
	right.axes(img, "WIN RATE BY MATERIAL")
	for g, r := range WDLMaterialGroups {
		bs := WDLCalibration(samples, m, wdlBucket, wdlScoreLimit, r[0], r[1])
		right.series(img, bs, 0, matColors[g])
		right.legend(img, wdlL+10, g, fmt.Sprintf("MATERIAL %d-%d", r[0], r[1]), matColors[g])
	}
	text(img, wdlL, wdlPlotH-14, "SQUARES: OBSERVED   LINES: MODEL   X: SCORE (CP, SIDE TO MOVE)", black)
	return png.Encode(w, img)
}

// panel is one half of the WDL plot.
type panel struct{ x0 int }

func (p panel) x(score float64) int {
	return p.x0 + wdlL + int(float64(wdlPanelW-wdlL-wdlR-1)*(score+wdlScoreLimit)/(2*wdlScoreLimit))
}

func (p panel) y(rate float64) int { return wdlT + int(float64(wdlPlotH-wdlT-wdlB-1)*(1-rate)) }

func (p panel) axes(img *image.RGBA, title string) {
	grey := color.RGBA{220, 220, 220, 255}
	black := color.RGBA{0, 0, 0, 255}
	for i := 0; i <= 4; i++ {
		v := float64(i) / 4
		fill(img, image.Rect(p.x(-wdlScoreLimit), p.y(v), p.x(wdlScoreLimit), p.y(v)+1), grey)
		text(img, p.x0+6, p.y(v)-5, fmt.Sprintf("%.2f", v), black)
	}
	for s := -wdlScoreLimit; s <= wdlScoreLimit; s += 400 {
		fill(img, image.Rect(p.x(float64(s)), wdlT, p.x(float64(s))+1, wdlPlotH-wdlB), grey)
		l := fmt.Sprintf("%d", s)
		text(img, p.x(float64(s))-4*len(l), wdlPlotH-wdlB+8, l, black)
	}
	fill(img, image.Rect(p.x(-wdlScoreLimit), wdlT, p.x(-wdlScoreLimit)+1, wdlPlotH-wdlB), black)
	fill(img, image.Rect(p.x(-wdlScoreLimit), wdlPlotH-wdlB, p.x(wdlScoreLimit), wdlPlotH-wdlB+1), black)
	text(img, p.x0+wdlL, 12, title, black)
}

// series draws rate k of the buckets: observed as squares, predicted as
// a line through the bucket centres.
func (p panel) series(img *image.RGBA, bs []WDLBucket, k int, c color.RGBA) {
	px, py := -1, -1
	for _, b := range bs {
		if b.N < wdlMinN {
			px = -1
			continue
		}
		cx := p.x(float64(b.Lo+b.Hi) / 2)
		fill(img, image.Rect(cx-3, p.y(b.Obs[k])-3, cx+3, p.y(b.Obs[k])+3), c)
		ny := p.y(b.Pred[k])
		if px >= 0 {
			line(img, px, py, cx, ny, c)
		}
		px, py = cx, ny
	}
}

func (p panel) legend(img *image.RGBA, x, i int, name string, c color.RGBA) {
	x, y := p.x0+x, wdlT+8+14*i
	fill(img, image.Rect(x, y+3, x+20, y+5), c)
	text(img, x+26, y, name, c)
}
