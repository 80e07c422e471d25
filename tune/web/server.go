// Package web is the tuning workbench of "vireo tune serve": a page,
// served by the binary, over the tune package's own functions. It loads
// nothing itself: the caller hands it the data sets and K, as the other
// "vireo tune" subcommands load them. The page shows the error of the
// current parameters, runs one tuning job at a time (coordinate descent
// on a group or on everything, Adam, importance) with a live error
// curve, and saves the parameter file and the Go defaults as the CLI
// does.
//
// The current parameters are a *eval.Params that is never modified once
// published: a job or an edit publishes a new one, so that a reader
// (Show Error, the table, Save) takes the pointer under the lock and
// then reads it at leisure while a tune runs.
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"vireo/data"
	"vireo/eval"
	"vireo/tune"
)

//go:embed static
var static embed.FS

// Config is what the server works on.
type Config struct {
	Train, Valid *tune.Dataset
	K            float64
	KFitted      bool     // K was fitted to Start (not given with --k)
	Files        []string // the data files, for the page
	Validation   float64  // share held out
	Bad          int      // malformed lines skipped at load
	// Start is the table at load; ParamsFile the file it was read from
	// ("": the compiled-in defaults), which Reload reads again.
	Start      *eval.Params
	ParamsFile string
	Workers    int // goroutines per error pass (0: GOMAXPROCS)
	// Root is the directory that Save and Reload paths are relative to
	// and may not leave ("": the working directory).
	Root string
	Log  io.Writer // job and save messages (nil: none)
	// Restart, when set, replaces the running server with the binary now
	// on disk (vireo tune serve re-executes itself with its arguments), so
	// that an evaluation changed in code and rebuilt traces the data
	// afresh. It returns only on failure. nil: the page offers no restart.
	Restart func() error
}

// Server is the workbench. Create it with New; serve Handler.
type Server struct {
	cfg  Config
	root string // absolute, symlinks resolved
	// pace, when set (tests), is slept at every step of a job, so that a
	// tune on a few thousand positions runs long enough to be watched
	// and stopped.
	pace time.Duration

	// saveMu makes saves one at a time: two writes of params.go, each
	// followed by go generate, must not interleave.
	saveMu sync.Mutex

	mu  sync.Mutex
	cur *eval.Params // never modified once published
	rev int          // bumped whenever cur is replaced
	// savedRev is the revision last saved or loaded from a file: the
	// table is on disk when rev == savedRev, and a restart loses nothing.
	savedRev int
	// restarting is set once a restart is promised: no job may start in
	// the moment before the process is replaced.
	restarting bool
	shown      *shownError // the last Show Error
	imp        map[string]float64
	impRev     int // rev the importances were measured at
	job        *job
	nextJob    int
}

type shownError struct {
	Train, Valid float64
	Rev          int
}

// New returns a server over cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Train == nil || cfg.Train.Len() == 0 {
		return nil, errors.New("no training positions")
	}
	if cfg.Valid == nil {
		cfg.Valid = &tune.Dataset{}
	}
	if cfg.Start == nil {
		cfg.Start = eval.Defaults()
	}
	if cfg.Root == "" {
		cfg.Root = "."
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	root, err := filepath.Abs(cfg.Root)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return nil, err
	}
	start := *cfg.Start
	cfg.Start = &start
	return &Server{cfg: cfg, root: root, cur: &start, impRev: -1}, nil
}

// Handler returns the page, its assets and the API. Requests from other
// origins (another site's page posting to this one) are refused, and so
// are requests naming another host when served on loopback (DNS
// rebinding), so that a page elsewhere cannot start tunes or write files.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/state", s.handleState)
	mux.HandleFunc("GET /api/params", s.handleParams)
	mux.HandleFunc("POST /api/error", s.handleError)
	mux.HandleFunc("POST /api/job", s.handleJob)
	mux.HandleFunc("POST /api/stop", s.handleStop)
	mux.HandleFunc("POST /api/param", s.handleParam)
	mux.HandleFunc("POST /api/reload", s.handleReload)
	mux.HandleFunc("POST /api/save", s.handleSave)
	mux.HandleFunc("POST /api/restart", s.handleRestart)
	// Anything else under /api/: a JSON error, not the file server's page.
	other := func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/error", "/api/job", "/api/stop", "/api/param", "/api/reload", "/api/save", "/api/restart":
			w.Header().Set("Allow", "POST")
			httpError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s takes POST", r.URL.Path))
		default:
			httpError(w, http.StatusNotFound, fmt.Errorf("no API call %s %s", r.Method, r.URL.Path))
		}
	}
	mux.HandleFunc("GET /api/", other)
	mux.HandleFunc("POST /api/", other)
	return loopbackHost(http.NewCrossOriginProtection().Handler(mux))
}

// loopbackHost refuses a request that arrived on a loopback address but
// names some other host: a DNS-rebound name of an attacker's site.
func loopbackHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		if tcp, ok := local.(*net.TCPAddr); ok && tcp.IP.IsLoopback() && !IsLoopback(r.Host) {
			httpError(w, http.StatusForbidden, fmt.Errorf("host %q is not this machine's loopback address", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// IsLoopback reports whether addr (host or host:port) names only this
// machine: "localhost" or a loopback IP.
func IsLoopback(addr string) bool {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Stop stops the running job, if any, and waits for it to end.
func (s *Server) Stop() {
	s.mu.Lock()
	j := s.job
	s.mu.Unlock()
	if j != nil {
		j.stop.Store(true)
		<-j.ended
	}
}

// snapshot returns the current parameters and their revision.
func (s *Server) snapshot() (*eval.Params, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur, s.rev
}

// publish makes p the current parameters; s.mu must be held.
func (s *Server) publish(p *eval.Params) {
	s.cur = p
	s.rev++
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Log, "tune serve: "+format+"\n", args...)
}

// errorOf is the exact error of p on the training and validation sets.
func (s *Server) errorOf(p *eval.Params) (train, valid float64) {
	train = s.cfg.Train.Error(p, s.cfg.K, s.cfg.Workers)
	if s.cfg.Valid.Len() > 0 {
		valid = s.cfg.Valid.Error(p, s.cfg.K, s.cfg.Workers)
	}
	return train, valid
}

// httpError writes {"error": msg} with status code.
func httpError(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, map[string]string{"error": err.Error()})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// decode reads a JSON request body into v, refusing unknown fields and
// trailing data.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("trailing data after the JSON object")
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, fmt.Errorf("malformed request: %v", err))
		return false
	}
	return true
}

// dataInfo describes the data set for the page.
type dataInfo struct {
	Files      []string `json:"files"`
	Train      int      `json:"train"`
	Valid      int      `json:"valid"`
	Validation float64  `json:"validation"`
	Bad        int      `json:"bad"`
	K          float64  `json:"k"`
	KFitted    bool     `json:"kFitted"`
	ParamsFile string   `json:"paramsFile"`
	Root       string   `json:"root"`
}

type stateResponse struct {
	Data   dataInfo  `json:"data"`
	Rev    int       `json:"rev"`
	Error  *errorOut `json:"error"`
	Job    *jobView  `json:"job"`
	ImpRev int       `json:"impRev"`
}

// handleState is what the page polls: the data set, the revision of the
// parameters, the last Show Error and the job (points from ?since=N).
func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	since, _ := strconv.Atoi(r.URL.Query().Get("since"))
	c := &s.cfg
	out := stateResponse{Data: dataInfo{Files: c.Files, Train: c.Train.Len(), Valid: c.Valid.Len(),
		Validation: c.Validation, Bad: c.Bad, K: c.K, KFitted: c.KFitted, ParamsFile: c.ParamsFile, Root: s.root}}
	s.mu.Lock()
	out.Rev, out.ImpRev = s.rev, s.impRev
	if s.shown != nil {
		out.Error = &errorOut{Train: s.shown.Train, Valid: s.shown.Valid, Rev: s.shown.Rev}
	}
	if s.job != nil {
		out.Job = s.job.view(since)
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

type termOut struct {
	Group      string   `json:"group"`
	Name       string   `json:"name"`
	Doc        string   `json:"doc"`
	Len        int      `json:"len"`
	Value      string   `json:"value"`
	Load       string   `json:"load"`
	Importance *float64 `json:"importance,omitempty"`
}

// handleParams is the parameter table: every term with its current
// value, its value at load and its importance (when measured).
func (s *Server) handleParams(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	p, rev, imp, impRev := s.cur, s.rev, s.imp, s.impRev
	s.mu.Unlock()
	var terms []termOut
	for _, t := range eval.Terms() {
		o := termOut{Group: t.Group.String(), Name: t.Name, Doc: t.Doc, Len: t.Len,
			Value: t.Format(p), Load: t.Format(s.cfg.Start)}
		if v, ok := imp[t.Name]; ok {
			o.Importance = &v
		}
		terms = append(terms, o)
	}
	writeJSON(w, http.StatusOK, map[string]any{"rev": rev, "impRev": impRev, "terms": terms})
}

type errorOut struct {
	Train  float64  `json:"train"`
	Valid  float64  `json:"valid"`
	DTrain *float64 `json:"dtrain,omitempty"` // change since the last press
	DValid *float64 `json:"dvalid,omitempty"`
	Rev    int      `json:"rev"`
	Ms     float64  `json:"ms,omitempty"`
}

// handleError is Show Error: the exact error of the current parameters
// on both sets, and the change since the last press.
func (s *Server) handleError(w http.ResponseWriter, r *http.Request) {
	t0 := time.Now()
	p, rev := s.snapshot()
	tr, va := s.errorOf(p)
	out := errorOut{Train: tr, Valid: va, Rev: rev}
	s.mu.Lock()
	if prev := s.shown; prev != nil {
		dt, dv := tr-prev.Train, va-prev.Valid
		out.DTrain, out.DValid = &dt, &dv
	}
	s.shown = &shownError{tr, va, rev}
	s.mu.Unlock()
	out.Ms = float64(time.Since(t0).Microseconds()) / 1000
	writeJSON(w, http.StatusOK, out)
}

// handleParam sets one term from the page, in parameter-file syntax
// (eval.ReadParams reads "NAME = VALUE" over the current values).
func (s *Server) handleParam(w http.ResponseWriter, r *http.Request) {
	var req struct{ Name, Value string }
	if !decode(w, r, &req) {
		return
	}
	name := strings.TrimSpace(req.Name)
	known := false
	for _, t := range eval.Terms() {
		known = known || t.Name == name
	}
	switch {
	case !known:
		httpError(w, http.StatusBadRequest, fmt.Errorf("unknown parameter %q", req.Name))
		return
	case strings.ContainsAny(req.Value, "\n\r#="):
		httpError(w, http.StatusBadRequest, fmt.Errorf("%s: malformed value %q (one value, no newline, '#' or '=')", name, req.Value))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, err := eval.ReadParams(strings.NewReader(name+" = "+req.Value), s.cur)
	if err != nil {
		var pe *eval.ParamError
		if errors.As(err, &pe) && len(pe.Errors) == 1 {
			err = errors.New(pe.Errors[0].Msg)
		}
		httpError(w, http.StatusBadRequest, fmt.Errorf("malformed value: %v", err))
		return
	}
	if err := s.busy(); err != nil {
		httpError(w, http.StatusConflict, err)
		return
	}
	s.publish(p)
	writeJSON(w, http.StatusOK, map[string]any{"rev": s.rev})
}

// busy returns an error naming the running job, if any; s.mu must be
// held.
func (s *Server) busy() error {
	if s.restarting {
		return errors.New("the server is restarting")
	}
	if j := s.job; j != nil && j.State == stateRunning {
		return fmt.Errorf("%s is running (started %v ago): stop it first", j.title(), time.Since(j.started).Round(time.Second))
	}
	return nil
}

// handleReload reads the parameters again: from the file given (relative
// to the working directory), from the --params file the server started
// with, or the compiled-in defaults, into the current table.
func (s *Server) handleReload(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Source string // "file" or "defaults"
		Path   string // for "file": "" is the --params file
	}
	if !decode(w, r, &req) {
		return
	}
	var p *eval.Params
	var from string
	switch req.Source {
	case "defaults":
		p, from = eval.Defaults(), "the compiled-in defaults"
	case "file":
		path := s.cfg.ParamsFile
		if req.Path != "" {
			var err error
			if path, err = s.local(req.Path, false); err != nil {
				httpError(w, http.StatusBadRequest, err)
				return
			}
		}
		if path == "" {
			httpError(w, http.StatusBadRequest, errors.New("no parameter file: the server started from the compiled-in defaults; give a path"))
			return
		}
		var err error
		if p, err = eval.LoadParams(path); err != nil {
			httpError(w, http.StatusBadRequest, err)
			return
		}
		from = path
	default:
		httpError(w, http.StatusBadRequest, fmt.Errorf("unknown source %q (file or defaults)", req.Source))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.busy(); err != nil {
		httpError(w, http.StatusConflict, err)
		return
	}
	s.publish(p)
	s.savedRev = s.rev
	s.logf("reloaded the parameters from %s", from)
	writeJSON(w, http.StatusOK, map[string]any{"rev": s.rev, "from": from})
}

// handleRestart answers, then hands the process over to the rebuilt
// binary. Refused while a job runs, since the job would be lost, and,
// unless the request says {"force": true}, while the table holds changes
// not saved: the restarted server starts from its --params file.
func (s *Server) handleRestart(w http.ResponseWriter, r *http.Request) {
	var req struct{ Force bool }
	if r.ContentLength != 0 && !decode(w, r, &req) {
		return
	}
	if s.cfg.Restart == nil {
		httpError(w, http.StatusNotImplemented, errors.New("this server was started without a way to restart itself"))
		return
	}
	s.mu.Lock()
	err := s.busy()
	if err == nil && s.rev != s.savedRev && !req.Force {
		err = errors.New("the table has changes that are not saved, and the restarted server loads its --params file: Save first, or restart anyway")
	}
	if err == nil {
		s.restarting = true
	}
	s.mu.Unlock()
	if err != nil {
		httpError(w, http.StatusConflict, err)
		return
	}
	s.logf("restarting with the binary on disk, to load and trace the data again")
	writeJSON(w, http.StatusAccepted, map[string]any{"restarting": true})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	go func() {
		// Let the answer leave before the process is replaced.
		time.Sleep(100 * time.Millisecond)
		if err := s.cfg.Restart(); err != nil {
			s.logf("restart failed: %v", err)
			s.mu.Lock()
			s.restarting = false
			s.mu.Unlock()
		}
	}()
}

// local checks that path is relative and stays inside the working
// directory (no absolute path, no "..", no symbolic link leading out),
// and returns it joined to the root. When writing, the directory that
// will hold it must exist.
func (s *Server) local(path string, write bool) (string, error) {
	if path == "" {
		return "", errors.New("empty path")
	}
	if !filepath.IsLocal(path) {
		return "", fmt.Errorf("path %q is outside the working directory %s: give a path relative to it, without ..", path, s.root)
	}
	full := filepath.Join(s.root, path)
	check := full
	if write {
		check = filepath.Dir(full)
	}
	real, err := filepath.EvalSymlinks(check)
	if err != nil {
		if write {
			return "", fmt.Errorf("path %q: directory %s does not exist", path, filepath.Dir(path))
		}
		return "", fmt.Errorf("path %q: %v", path, errors.Unwrap(err))
	}
	if rel, err := filepath.Rel(s.root, real); err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("path %q leads outside the working directory %s", path, s.root)
	}
	return full, nil
}

// handleSave writes the current parameters as a parameter file (as
// --out does) and, if asked, into DIR/params.go followed by go generate
// (as --write-defaults DIR does). Paths are relative to the working
// directory.
func (s *Server) handleSave(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Path     string
		Defaults string // directory of the eval package, e.g. "eval" ("": no)
	}
	if !decode(w, r, &req) {
		return
	}
	path, err := s.local(req.Path, true)
	if err == nil {
		if st, serr := os.Stat(path); serr == nil && st.IsDir() {
			err = fmt.Errorf("path %q is a directory", req.Path)
		}
	}
	// A parameter file written over the data being tuned on, or over
	// Go source, destroys what the workbench cannot give back.
	if err == nil {
		err = data.DistinctOutput(path, s.cfg.Files...)
	}
	if err == nil && strings.HasSuffix(path, ".go") {
		err = fmt.Errorf("path %q is Go source: the parameter file goes elsewhere (Defaults writes params.go)", req.Path)
	}
	var dir string
	if err == nil && req.Defaults != "" {
		dir, err = s.local(req.Defaults, false)
		if err == nil {
			if _, serr := os.Stat(filepath.Join(dir, "params.go")); serr != nil {
				err = fmt.Errorf("defaults: %s has no params.go (give the eval package's directory)", req.Defaults)
			}
		}
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	s.saveMu.Lock()
	defer s.saveMu.Unlock()
	p, rev := s.snapshot()
	tr, va := s.errorOf(p)
	header := fmt.Sprintf("vireo tune serve --data %s\nK %.4f\ntraining error %.6f", strings.Join(s.cfg.Files, " --data "), s.cfg.K, tr)
	if s.cfg.Valid.Len() > 0 {
		header += fmt.Sprintf(", validation error %.6f", va)
	}
	if err := tune.SaveParams(path, p, header); err != nil {
		httpError(w, http.StatusInternalServerError, err)
		return
	}
	s.mu.Lock()
	s.savedRev = rev
	s.mu.Unlock()
	wrote := []string{req.Path}
	s.logf("wrote %s", path)
	if dir != "" {
		if err := tune.WriteDefaults(dir, p, s.cfg.Log); err != nil {
			httpError(w, http.StatusInternalServerError, fmt.Errorf("wrote %s, but the defaults failed: %v", req.Path, err))
			return
		}
		wrote = append(wrote, filepath.Join(req.Defaults, "params.go"))
		s.logf("wrote the defaults into %s and ran go generate", filepath.Join(dir, "params.go"))
	}
	writeJSON(w, http.StatusOK, map[string]any{"wrote": wrote, "rev": rev})
}
