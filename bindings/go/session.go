// Sessions: cells run one after another in one instance, so that what a
// cell defines (globals, imports, functions, classes) is there for the
// next. Each cell is a run of its own over the session's instance (its own
// limits, time budget, call count and print function); a cell that ends
// with a value or an exception gives the instance back to the session, one
// that hits a limit, traps, or is closed while paused takes the state with
// it: the session is lost, and the next Feed says why.

package monty

import (
	"context"
	"fmt"
	"sync"
)

// Session is a sequence of cells sharing one interpreter state. Made by
// (*Runner).NewSession or (*Runner).RestoreSession; one cell at a time.
type Session struct {
	r    *Runner
	opts []ExecuteOption

	mu       sync.Mutex
	state    string // "empty", "idle", "busy", "lost", "closed"
	reason   string
	inst     *instance
	cur      *run
	funcs    []FuncDef
	external ExternalFunc
	cells    int
	objs     *objectTable // the host objects given to its cells
}

// SessionLostError is what a session that is over returns: a cell hit a
// limit, trapped, or was closed while paused (Reason says which).
type SessionLostError struct {
	Reason string
}

func (e *SessionLostError) Error() string { return "monty: the session is over: " + e.Reason }

// NewSession returns an empty session; its first cell instantiates the
// module. opts are what every cell gets (the cell's own options come after
// them): WithExternalFunc (its FuncDefs are declared to every cell),
// WithOsCallFunc, WithLimits, WithPrintFunc, WithOrderedDicts,
// WithWaitAll, WithCwd (the first cell's). ctx is not kept.
func (r *Runner) NewSession(ctx context.Context, opts ...ExecuteOption) (*Session, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &Session{r: r, opts: append([]ExecuteOption(nil), opts...), state: "empty"}, nil
}

// State is "empty" (no cell yet), "idle", "busy" (a cell is paused),
// "lost" or "closed".
func (s *Session) State() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Err is nil while the session can take a cell (or one is paused), else
// a *SessionLostError or a *UsageError (closed).
func (s *Session) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case "lost":
		return &SessionLostError{Reason: s.reason}
	case "closed":
		return &UsageError{"the session is closed"}
	}
	return nil
}

// Cells is the number of cells fed to this session object.
func (s *Session) Cells() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cells
}

// idle takes the instance back after a cell finished.
func (s *Session) idle(rn *run) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != rn {
		rn.inst.close()
		return
	}
	s.cur = nil
	if s.state == "closed" {
		rn.inst.close()
		return
	}
	s.state, s.inst = "idle", rn.inst
}

// lose marks the session lost when its current cell ends unfinished.
func (s *Session) lose(rn *run, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != rn {
		return
	}
	s.cur = nil
	if s.state == "closed" {
		return
	}
	if reason == "" {
		reason = "a cell ended without finishing (closed while paused, or a host-side error)"
	}
	s.state, s.reason, s.inst = "lost", reason, nil
}

// Feed runs code as the next cell to the end, answering external and os
// calls with the handlers of the session's and the cell's options, as
// Execute does, and returns the value of its last expression statement.
// A Python exception is a *MontyError and the session goes on with what
// the cell did before it; a limit is a *LimitError and ends the session
// (the next Feed returns a *SessionLostError saying why).
func (s *Session) Feed(ctx context.Context, code string, inputs map[string]any, opts ...ExecuteOption) (any, error) {
	ex, err := s.Start(ctx, code, inputs, opts...)
	if err != nil {
		return nil, err
	}
	return ex.Continue()
}

// FeedExecution is Feed returning the completed Execution (Value, Repr).
func (s *Session) FeedExecution(ctx context.Context, code string, inputs map[string]any, opts ...ExecuteOption) (*Execution, error) {
	ex, err := s.Start(ctx, code, inputs, opts...)
	if err != nil {
		return nil, err
	}
	return ex.Finish()
}

// Start runs code as the next cell until it completes or first pauses at a
// call, as (*Runner).Start does. When the paused cell finishes (Resume,
// Continue...), the session takes the next cell; closing it while paused
// loses the session.
//
// Inputs become globals of the session. The FuncDefs of WithExternalFunc
// (the session's and every cell's so far) are declared to every cell, and
// the latest handler answers them; names are not guessed from the cell
// (a cell reads earlier cells' globals), so a session declares its
// functions with FuncDefs. WithStubs is not applied to cells.
func (s *Session) Start(ctx context.Context, code string, inputs map[string]any, opts ...ExecuteOption) (*Execution, error) {
	all := append(append([]ExecuteOption(nil), s.opts...), opts...)
	cfg := newConfig(all)
	if !cfg.hasFilename {
		cfg.filename = "cell.py"
	}
	s.mu.Lock()
	switch s.state {
	case "lost":
		s.mu.Unlock()
		return nil, &SessionLostError{Reason: s.reason}
	case "closed":
		s.mu.Unlock()
		return nil, &UsageError{"the session is closed"}
	case "busy":
		s.mu.Unlock()
		return nil, &UsageError{"the session's previous cell is still paused: finish or resume it before the next"}
	}
	first := s.state == "empty"
	if !first {
		cfg.cwd = "" // the session's working directory goes on (cell options may still set one)
		for _, o := range opts {
			probe := &execConfig{}
			o(probe)
			if probe.cwd != "" {
				cfg.cwd = probe.cwd
			}
		}
	}
	if s.objs == nil {
		s.objs = newObjectTable()
	}
	req, err := requestHead(code, inputs, cfg, s.objs)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	if cfg.external != nil {
		s.external = cfg.external
	}
	for _, f := range cfg.funcs {
		replaced := false
		for i := range s.funcs {
			if s.funcs[i].Name == f.Name {
				s.funcs[i], replaced = f, true
			}
		}
		if !replaced {
			s.funcs = append(s.funcs, f)
		}
	}
	cfg.external = s.external
	cfg.funcs = append([]FuncDef(nil), s.funcs...)
	var rn *run
	if first {
		rn, err = s.r.newRun(ctx, cfg)
		if err != nil {
			s.mu.Unlock()
			return nil, err
		}
		req.WriteString(`,"session":"new"`)
	} else {
		rn = s.r.cellRun(ctx, cfg, s.inst)
		req.WriteString(`,"session":"next"`)
	}
	rn.sess = s
	rn.objs = s.objs
	rn.setFuncs(cfg.funcs)
	if len(cfg.funcs) > 0 {
		b, _ := jsonMarshal(cfg.funcs)
		req.WriteString(`,"externals":` + string(b))
	}
	req.WriteByte('}')
	s.state, s.cur, s.inst = "busy", rn, nil
	s.cells++
	s.mu.Unlock()
	return rn.step("start", []byte(req.String()))
}

// cellRun is a run over a session's instance, for its next cell: this
// cell's print function, memory cap and budgets.
func (r *Runner) cellRun(ctx context.Context, cfg *execConfig, inst *instance) *run {
	rctx, cancel := context.WithCancel(ctx)
	inst.state.mu.Lock()
	inst.state.print = cfg.print
	inst.state.stderr = nil
	inst.state.mu.Unlock()
	limit := cfg.limits.MaxMemoryBytes
	if limit == 0 {
		limit = 1 << 32
	}
	inst.mem.limit = (limit + pageSize - 1) / pageSize * pageSize
	inst.mem.denied = false
	return &run{r: r, ctx: rctx, cancel: cancel, cfg: cfg, inst: inst, objs: newObjectTable(), results: make(chan asyncResult, 64)}
}

// Snapshot returns the session between cells as bytes that
// (*Runner).RestoreSession continues, in this process or another (sealed
// as other snapshots, see WithSnapshotKey). A paused cell is saved with
// its Execution's Snapshot instead.
func (s *Session) Snapshot() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case "empty":
		return nil, &UsageError{"the session has no state yet: feed a cell first"}
	case "busy":
		return nil, &UsageError{"a cell is paused: snapshot its Execution instead"}
	case "lost":
		return nil, &SessionLostError{Reason: s.reason}
	case "closed":
		return nil, &UsageError{"the session is closed"}
	}
	guest, err := s.inst.call(context.Background(), "snapshot", nil, false)
	if err != nil {
		s.inst.close()
		s.state, s.reason, s.inst = "lost", "taking a snapshot failed: "+err.Error(), nil
		return nil, &SessionLostError{Reason: s.reason}
	}
	if len(guest) == 0 {
		return nil, &InternalError{Message: "the guest returned an empty session snapshot"}
	}
	cfg := newConfig(s.opts)
	return s.r.packSnapshot(snapshotMeta{Filename: "cell.py", Functions: s.funcs, Ordered: cfg.ordered, Session: true}, guest), nil
}

// RestoreSession continues a session's snapshot in a fresh instance: one
// taken between cells ((*Session).Snapshot) gives the session and a nil
// Execution; one taken at a pause inside a cell ((*Execution).Snapshot of
// a session's cell) gives the session and that pause: finish it (Resume,
// Continue...) and the session takes the next cell. opts are the
// session's options, as NewSession's (handlers are not in the bytes; the
// function declarations are).
func (r *Runner) RestoreSession(ctx context.Context, snapshot []byte, opts ...ExecuteOption) (*Session, *Execution, error) {
	meta, guest, err := r.unpackSnapshot(snapshot)
	if err != nil {
		return nil, nil, err
	}
	if !meta.Session {
		return nil, nil, &UsageError{"not a session's snapshot: continue it with Restore"}
	}
	s := &Session{r: r, opts: append([]ExecuteOption(nil), opts...), state: "busy"}
	cfg := newConfig(s.opts)
	cfg.filename = meta.Filename
	cfg.ordered = cfg.ordered || meta.Ordered
	s.external = cfg.external
	s.funcs = append([]FuncDef(nil), meta.Functions...)
	for _, f := range cfg.funcs {
		found := false
		for _, g := range s.funcs {
			found = found || g.Name == f.Name
		}
		if !found {
			s.funcs = append(s.funcs, f)
		}
	}
	cfg.external = s.external
	rn, err := r.newRun(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	rn.sess = s
	if s.objs == nil {
		s.objs = newObjectTable()
	}
	rn.objs = s.objs
	rn.setFuncs(s.funcs)
	s.cur = rn
	ex, err := rn.step("restore", guest)
	if err != nil {
		s.Close()
		if ue, ok := err.(*UsageError); ok {
			return nil, nil, &UsageError{"the guest refused the snapshot: " + ue.Message}
		}
		return nil, nil, err
	}
	if ex.Done {
		return s, nil, nil
	}
	return s, ex, nil
}

// Close frees the session's instance; later cells fail. A paused cell's
// Execution is closed too. Safe to call more than once.
func (s *Session) Close() {
	s.mu.Lock()
	inst, cur := s.inst, s.cur
	s.state, s.inst, s.cur = "closed", nil, nil
	s.mu.Unlock()
	if inst != nil {
		inst.close()
	}
	if cur != nil {
		cur.close()
	}
}

// String describes the session's state.
func (s *Session) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("monty.Session(%s, %d cells)", s.state, s.cells)
}
