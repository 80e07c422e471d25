package tune

import (
	"errors"
	"io"
	"os"

	"vireo/data"
)

// FitScoreK returns the scale k at which the scores the lines carry
// ("ce") best predict their results, 1/(1+10^(-k x score/400)) against
// the result by least squares, with that error and the number of lines
// that had a score. It is the --score-k that reads a score as the share
// of points such scores went on to make in these games. Malformed lines
// and lines without a score are passed over (Load names the malformed
// ones); limit is Load's (0: all lines).
func FitScoreK(files []string, limit int) (k, mse float64, n int, err error) {
	var scores, results []float64
	read := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return 0, 0, 0, err
		}
		r := data.NewLabeledReader(f, name)
		for limit <= 0 || read < limit {
			l, err := r.Next()
			if err == io.EOF {
				break
			}
			var le *data.LabeledError
			if errors.As(err, &le) {
				continue
			}
			if err != nil {
				f.Close()
				return 0, 0, 0, err
			}
			read++
			if l.HasScore {
				scores = append(scores, float64(l.WhiteScore()))
				results = append(results, l.Result)
			}
		}
		f.Close()
	}
	if len(scores) == 0 {
		return 0, 0, 0, errors.New("no line carries a score (ce)")
	}
	errAt := func(k float64) float64 {
		var sum float64
		for i, s := range scores {
			d := results[i] - sigmoid(k, s)
			sum += d * d
		}
		return sum / float64(len(scores))
	}
	k = lineMin(errAt, 0.05, 5, 1e-4) // the error is unimodal in k
	return k, errAt(k), len(scores), nil
}
