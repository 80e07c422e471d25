package web

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"vireo/eval"
	"vireo/tune"
)

// Job states.
const (
	stateRunning = "running"
	stateDone    = "done"
	stateStopped = "stopped"
	stateFailed  = "failed"
)

// point is one point of the error curve: training and validation error
// after X epochs (Adam) or values settled (coordinate descent).
type point struct {
	X     int     `json:"x"`
	Train float64 `json:"train"`
	Valid float64 `json:"valid,omitempty"` // 0: no validation set
}

// job is a tune or an importance measurement. Everything but stop and
// ended is guarded by Server.mu.
type job struct {
	id          int
	kind, group string
	unit        string // what done counts: epoch, value, term
	State       string
	started     time.Time
	finished    time.Time
	done, total int // progress; ETA from these
	steps       int // values settled (coordinate descent)
	points      []point
	message     string
	err         string

	stop  atomic.Bool
	ended chan struct{} // closed when the job's goroutine returns
}

func (j *job) title() string {
	what := map[string]string{"coord": "coordinate descent", "adam": "Adam", "importance": "importance"}[j.kind]
	if j.kind == "importance" {
		return "the importance measurement"
	}
	if j.group == "" {
		return what + " on every group"
	}
	return what + " on " + j.group
}

// jobView is a job as the page sees it, with the curve's points from
// Since on.
type jobView struct {
	ID      int     `json:"id"`
	Kind    string  `json:"kind"`
	Group   string  `json:"group"`
	Title   string  `json:"title"`
	State   string  `json:"state"`
	Unit    string  `json:"unit"`
	Done    int     `json:"done"`
	Total   int     `json:"total"`
	Steps   int     `json:"steps"`
	Elapsed float64 `json:"elapsed"` // seconds
	ETA     float64 `json:"eta"`     // seconds, -1 unknown
	NPoints int     `json:"npoints"`
	Since   int     `json:"since"`
	Points  []point `json:"points"`
	Message string  `json:"message"`
	Error   string  `json:"error"`
}

// view copies the job for the page; s.mu must be held.
func (j *job) view(since int) *jobView {
	end := time.Now()
	if j.State != stateRunning {
		end = j.finished
	}
	el := end.Sub(j.started)
	eta := -1.0
	if j.State == stateRunning && j.done > 0 && j.done < j.total {
		eta = el.Seconds() * float64(j.total-j.done) / float64(j.done)
	}
	since = min(max(since, 0), len(j.points))
	return &jobView{ID: j.id, Kind: j.kind, Group: j.group, Title: j.title(), State: j.State, Unit: j.unit,
		Done: j.done, Total: j.total, Steps: j.steps, Elapsed: el.Seconds(), ETA: eta,
		NPoints: len(j.points), Since: since, Points: append([]point{}, j.points[since:]...),
		Message: j.message, Error: j.err}
}

// jobRequest starts a job. Numbers come as the page's text fields, so
// that the server, not the page, says what is malformed.
type jobRequest struct {
	Kind   string // coord, adam, importance
	Group  string // "": every group
	Rounds string // coord: full sweeps at most (0: until a sweep finds nothing)
	L2     string // coord, adam: penalty on the distance from the start
	LR     string // adam: step size
	Epochs string // adam: at most this many epochs
}

// jobSettings are a jobRequest checked.
type jobSettings struct {
	kind, group string
	mask        []bool
	rounds      int
	l2, lr      float64
	epochs      int
}

func parseJob(req jobRequest) (jobSettings, error) {
	js := jobSettings{kind: req.Kind, rounds: 1, lr: 0.5, epochs: 300}
	switch req.Kind {
	case "coord", "adam", "importance":
	default:
		return js, fmt.Errorf("unknown job %q (coord, adam or importance)", req.Kind)
	}
	if req.Group != "" {
		g, err := tune.ParseGroup(req.Group)
		if err != nil {
			return js, err
		}
		js.group = g.String()
		js.mask = tune.TunableMask(g)
	}
	num := func(name, s string, lo, hi float64, v *float64) error {
		if strings.TrimSpace(s) == "" {
			return nil
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(x) || x < lo || x > hi {
			return fmt.Errorf("%s: malformed value %q (a number from %g to %g)", name, s, lo, hi)
		}
		*v = x
		return nil
	}
	rounds, epochs := float64(js.rounds), float64(js.epochs)
	err := errors.Join(
		num("rounds", req.Rounds, 0, 1000, &rounds),
		num("l2", req.L2, 0, 1, &js.l2),
		num("lr", req.LR, 1e-6, 100, &js.lr),
		num("epochs", req.Epochs, 1, 100000, &epochs))
	if err == nil && (rounds != math.Trunc(rounds) || epochs != math.Trunc(epochs)) {
		err = fmt.Errorf("rounds and epochs: malformed value %q, %q (whole numbers)", req.Rounds, req.Epochs)
	}
	js.rounds, js.epochs = int(rounds), int(epochs)
	return js, err
}

// handleJob starts a job, or refuses: one job at a time.
func (s *Server) handleJob(w http.ResponseWriter, r *http.Request) {
	var req jobRequest
	if !decode(w, r, &req) {
		return
	}
	js, err := parseJob(req)
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	s.mu.Lock()
	if err := s.busy(); err != nil {
		s.mu.Unlock()
		httpError(w, http.StatusConflict, fmt.Errorf("refused: %v", err))
		return
	}
	s.nextJob++
	j := &job{id: s.nextJob, kind: js.kind, group: js.group, State: stateRunning, started: time.Now(), ended: make(chan struct{})}
	j.unit = map[string]string{"coord": "value", "adam": "epoch", "importance": "term"}[js.kind]
	s.job = j
	start, rev := s.cur, s.rev
	s.mu.Unlock()
	s.logf("started %s", j.title())
	go s.run(j, js, start, rev)
	writeJSON(w, http.StatusAccepted, map[string]any{"id": j.id, "title": j.title()})
}

// handleStop asks the running job to stop after its current step.
func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	j := s.job
	running := j != nil && j.State == stateRunning
	s.mu.Unlock()
	if !running {
		httpError(w, http.StatusConflict, errors.New("no job is running"))
		return
	}
	j.stop.Store(true)
	writeJSON(w, http.StatusOK, map[string]any{"id": j.id, "stopping": true})
}

// pause is the test hook: a job's steps take at least s.pace.
func (s *Server) pause() {
	if s.pace > 0 {
		time.Sleep(s.pace)
	}
}

// run runs a job to its end and records how it ended.
func (s *Server) run(j *job, js jobSettings, start *eval.Params, rev int) {
	defer close(j.ended)
	var msg string
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		switch js.kind {
		case "coord":
			msg = s.runCoord(j, js, start)
		case "adam":
			msg, err = s.runAdam(j, js, start)
		case "importance":
			msg = s.runImportance(j, start, rev)
		}
	}()
	s.mu.Lock()
	j.finished = time.Now()
	switch {
	case err != nil:
		j.State, j.err = stateFailed, err.Error()
	case j.stop.Load():
		j.State = stateStopped
	default:
		j.State, j.done = stateDone, j.total
	}
	j.message = msg
	s.mu.Unlock()
	s.logf("%s %s after %v: %s%v", j.title(), j.State, j.finished.Sub(j.started).Round(time.Millisecond), msg, errOrNil(err))
}

func errOrNil(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// change describes an error before and after.
func (s *Server) change(tr0, va0, tr1, va1 float64) string {
	m := fmt.Sprintf("training error %.6f → %.6f", tr0, tr1)
	if s.cfg.Valid.Len() > 0 {
		m += fmt.Sprintf(", validation error %.6f → %.6f", va0, va1)
	}
	return m
}

// runCoord is tune.Coord on the group (or everything), with a point of
// the curve every twentieth of the first sweep, and after it (the
// refinement and further rounds, which can run long on a small set
// without --l2) at that pace but at most four a second. The validation
// error is a full pass over the validation set at each point.
func (s *Server) runCoord(j *job, js jobSettings, start *eval.Params) string {
	n := tune.CountMask(js.mask)
	tr0, va0 := s.errorOf(start)
	s.mu.Lock()
	j.total = n
	j.points = append(j.points, point{0, tr0, va0})
	s.mu.Unlock()
	every := max(1, n/20)
	var lastPoint time.Time
	res, tr1 := tune.Coord(s.cfg.Train, start, tune.CoordOptions{K: s.cfg.K, Mask: js.mask, MaxRounds: js.rounds,
		L2: js.l2, Workers: s.cfg.Workers,
		OnStep: func(e float64, _, steps int, q *eval.Params) bool {
			var snap *eval.Params
			var va float64
			if steps%every == 0 && (steps <= n || time.Since(lastPoint) >= 250*time.Millisecond) {
				lastPoint = time.Now()
				c := *q // q is the tuner's own and keeps changing
				snap = &c
				if s.cfg.Valid.Len() > 0 {
					va = s.cfg.Valid.Error(snap, s.cfg.K, s.cfg.Workers)
				}
			}
			s.mu.Lock()
			j.steps, j.done = steps, min(steps, n-1) // the ETA is to the end of the first sweep
			if snap != nil {
				j.points = append(j.points, point{steps, e, va})
				s.publish(snap)
			}
			s.mu.Unlock()
			s.pause()
			return !j.stop.Load()
		}})
	_, va1 := s.errorOf(res)
	s.mu.Lock()
	if last := j.points[len(j.points)-1]; last.X != j.steps {
		j.points = append(j.points, point{j.steps, tr1, va1})
	}
	s.publish(res)
	steps := j.steps
	s.mu.Unlock()
	return fmt.Sprintf("%s (%d values settled)", s.change(tr0, va0, tr1, va1), steps)
}

// runAdam is tune.Adam, a point per epoch (its errors are those of the
// float evaluation before the epoch's step).
func (s *Server) runAdam(j *job, js jobSettings, start *eval.Params) (string, error) {
	tr0, va0 := s.errorOf(start)
	opt := tune.DefaultAdam(s.cfg.K)
	opt.LR, opt.MaxEpochs, opt.L2, opt.Mask, opt.Workers = js.lr, js.epochs, js.l2, js.mask, s.cfg.Workers
	s.mu.Lock()
	j.total = js.epochs // the ETA is to the last epoch; convergence may come sooner
	s.mu.Unlock()
	opt.OnEpoch = func(e tune.Epoch, w tune.Vector) bool {
		p := w.Params()
		s.mu.Lock()
		j.done = e.N
		j.points = append(j.points, point{e.N, e.Train, e.Valid})
		s.publish(p)
		s.mu.Unlock()
		s.pause()
		return !j.stop.Load()
	}
	w, hist, err := tune.Adam(s.cfg.Train, s.cfg.Valid, tune.VectorOf(start), opt)
	if err != nil {
		return "", err
	}
	res := w.Params()
	tr1, va1 := s.errorOf(res)
	s.mu.Lock()
	s.publish(res)
	s.mu.Unlock()
	return fmt.Sprintf("%s in %d epochs (exact evaluation, rounded values)", s.change(tr0, va0, tr1, va1), len(hist)), nil
}

// runImportance is tune.ImportancesFunc on the training set; the table
// shows the result with the revision it was measured at.
func (s *Server) runImportance(j *job, start *eval.Params, rev int) string {
	imp, ok := tune.ImportancesFunc(s.cfg.Train, start, s.cfg.K, s.cfg.Workers, func(done, total int) bool {
		s.mu.Lock()
		j.done, j.total = done, total
		s.mu.Unlock()
		s.pause()
		return !j.stop.Load()
	})
	if !ok {
		return "stopped before the last term: nothing recorded"
	}
	m := map[string]float64{}
	best := imp[0]
	for _, im := range imp {
		m[im.Term.Name] = im.Share
		if im.Share > best.Share {
			best = im
		}
	}
	s.mu.Lock()
	s.imp, s.impRev = m, rev
	s.mu.Unlock()
	return fmt.Sprintf("%d terms measured; the largest share is %s's, %+.6f", len(imp), best.Term.Name, best.Share)
}
