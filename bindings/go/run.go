// Running a program: Execute and Start, and the run type (one
// instance and its bookkeeping), with the guest-call wrapper that applies
// the time budget and turns traps into the right error.

package monty

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
)

// Execute runs code to the end, answering external and os calls with the
// handlers given in opts, and returns the value of the last expression
// statement (nil if the last statement is not an expression).
func (r *Runner) Execute(ctx context.Context, code string, inputs map[string]any, opts ...ExecuteOption) (any, error) {
	ex, err := r.Start(ctx, code, inputs, opts...)
	if err != nil {
		return nil, err
	}
	return ex.Continue()
}

// Start runs code until it completes or first pauses at a call, and
// returns that state. A paused Execution holds a live instance: Resume
// it, Continue it, or Close it.
func (r *Runner) Start(ctx context.Context, code string, inputs map[string]any, opts ...ExecuteOption) (*Execution, error) {
	cfg := newConfig(opts)
	objs := newObjectTable()
	req, err := requestHead(code, inputs, cfg, objs)
	if err != nil {
		return nil, err
	}
	rn, err := r.newRun(ctx, cfg)
	if err != nil {
		return nil, err
	}
	rn.objs = objs
	if cfg.stubs != "" {
		// WithStubs: the static check first, with what this run declares
		names := slices.Sorted(maps.Keys(inputs))
		rep, err := rn.check(code, cfg.funcs, append(names, cfg.inputNames...))
		if err == nil {
			err = rep.err()
		}
		if err != nil {
			rn.close()
			return nil, err
		}
	}
	if len(cfg.funcs) == 0 && cfg.externalGiven {
		names, err := rn.undefinedNames(code)
		if err != nil {
			rn.close()
			return nil, err
		}
		for _, n := range names {
			cfg.funcs = append(cfg.funcs, FuncDef{Name: n})
		}
	}
	rn.setFuncs(cfg.funcs)
	if len(cfg.funcs) > 0 {
		b, _ := jsonMarshal(cfg.funcs)
		req.WriteString(`,"externals":` + string(b))
	}
	req.WriteByte('}')
	return rn.step("start", []byte(req.String()))
}

// requestHead is a start request without its externals and closing brace:
// the code, file name, inputs, limits and cwd.
func requestHead(code string, inputs map[string]any, cfg *execConfig, objs *objectTable) (*strings.Builder, error) {
	req := &strings.Builder{}
	req.WriteString(`{"code":`)
	enc := encoder{}
	enc.str(code)
	req.Write(enc.buf.Bytes())
	req.WriteString(`,"filename":`)
	enc.buf.Reset()
	enc.str(cfg.filename)
	req.Write(enc.buf.Bytes())
	if len(inputs) > 0 {
		names := slices.Sorted(maps.Keys(inputs))
		req.WriteString(`,"inputs":{`)
		for i, k := range names {
			if i > 0 {
				req.WriteByte(',')
			}
			enc.buf.Reset()
			enc.str(k)
			req.Write(enc.buf.Bytes())
			req.WriteByte(':')
			b, err := encodeValueObjs(inputs[k], "inputs."+k, objs)
			if err != nil {
				return nil, err
			}
			req.Write(b)
		}
		req.WriteByte('}')
	}
	if l := limitsJSON(cfg.limits); l != "" {
		req.WriteString(`,"limits":` + l)
	}
	if cfg.cwd != "" {
		enc.buf.Reset()
		enc.str(cfg.cwd)
		req.WriteString(`,"cwd":`)
		req.Write(enc.buf.Bytes())
	}
	return req, nil
}

// run is one execution: its instance and its bookkeeping.
type run struct {
	r      *Runner
	ctx    context.Context
	cancel context.CancelFunc
	cfg    *execConfig
	inst   *instance
	funcs  map[string]FuncDef
	order  []FuncDef
	objs   *objectTable // the host objects given to this run

	guestTime   time.Duration
	suspensions uint32
	closed      bool

	// sess: the Session this run is a cell of (nil: a one-off run), and
	// why the session is lost if the cell ends unfinished
	sess       *Session
	lostReason string

	// async calls in flight, across waits
	mu       sync.Mutex
	inflight int
	results  chan asyncResult
}

func (r *Runner) newRun(ctx context.Context, cfg *execConfig) (*run, error) {
	rctx, cancel := context.WithCancel(ctx)
	inst, err := r.instantiate(rctx, cfg.limits.MaxMemoryBytes, cfg.print)
	if err != nil {
		cancel()
		return nil, err
	}
	return &run{r: r, ctx: rctx, cancel: cancel, cfg: cfg, inst: inst, objs: newObjectTable(), results: make(chan asyncResult, 64)}, nil
}

func (rn *run) setFuncs(funcs []FuncDef) {
	rn.funcs = map[string]FuncDef{}
	rn.order = nil
	for _, f := range funcs {
		if _, dup := rn.funcs[f.Name]; !dup {
			rn.order = append(rn.order, f)
		}
		rn.funcs[f.Name] = f
	}
}

func (rn *run) close() {
	if rn.closed {
		return
	}
	rn.closed = true
	rn.cancel()
	if rn.sess != nil {
		// a session's cell that did not finish takes the state with it
		rn.sess.lose(rn, rn.lostReason)
	}
	rn.inst.close()
}

// end closes a run whose program finished (a value or an exception): a
// session's instance goes back to its session for the next cell.
func (rn *run) end() {
	if rn.sess == nil || rn.closed {
		rn.close()
		return
	}
	rn.closed = true
	rn.cancel()
	rn.sess.idle(rn)
}

// lose notes why a session is lost before the run is closed.
func (rn *run) lose(reason string) {
	if rn.lostReason == "" {
		rn.lostReason = reason
	}
}

// undefinedNames asks the guest's check for the names the program reads
// but never binds (absent from older modules: then none).
func (rn *run) undefinedNames(code string) ([]string, error) {
	enc := encoder{}
	enc.str(code)
	out, err := rn.inst.call(rn.ctx, "check", []byte(`{"code":`+enc.buf.String()+`}`), true)
	if err != nil {
		return nil, rn.classify(err)
	}
	var res struct {
		Undefined []string `json:"undefined_names"`
	}
	if err := jsonUnmarshal(out, &res); err != nil {
		return nil, &InternalError{Message: "check returned bad JSON: " + err.Error()}
	}
	return res.Undefined, nil
}

// guestCall calls an export under the run's time budget.
func (rn *run) guestCall(name string, arg []byte, withArg bool) ([]byte, error) {
	if rn.closed {
		return nil, &UsageError{"the execution is finished"}
	}
	ctx := rn.ctx
	var timer context.CancelFunc
	budget := rn.cfg.limits.MaxDuration
	if budget > 0 {
		left := budget - rn.guestTime
		// a little grace: the guest reports its own time limit cleanly
		ctx, timer = context.WithTimeout(ctx, left+left/10+20*time.Millisecond)
		defer timer()
	}
	t0 := time.Now()
	out, err := rn.inst.call(ctx, name, arg, withArg)
	rn.guestTime += time.Since(t0)
	if err != nil {
		if budget > 0 && ctx.Err() != nil && rn.ctx.Err() == nil {
			le := &LimitError{Kind: LimitTime, Message: fmt.Sprintf("the program ran longer than %v", budget)}
			rn.lose("a cell hit a limit (" + le.Message + ")")
			rn.close()
			return nil, le
		}
		return nil, rn.classify(err)
	}
	return out, nil
}

// classify turns a failed export call into the right error and ends the run.
func (rn *run) classify(err error) (out error) {
	defer func() {
		rn.lose(out.Error())
		rn.close()
	}()
	var te *trapError
	if !errors.As(err, &te) {
		return err
	}
	if cerr := rn.ctx.Err(); cerr != nil {
		if cause := context.Cause(rn.ctx); cause != nil {
			cerr = cause
		}
		return &LimitError{Kind: LimitTime, Message: "the context ended the run: " + cerr.Error(), cause: cerr}
	}
	limit := rn.cfg.limits.MaxMemoryBytes
	if rn.inst.mem.denied ||
		(limit > 0 && rn.inst.memoryBytes()+pageSize > limit) ||
		(rn.r.maxMemory > 0 && rn.inst.memoryBytes()+(1<<20) > rn.r.maxMemory) ||
		strings.Contains(rn.inst.stderrTail(), "memory allocation of") {
		return &LimitError{Kind: LimitMemory, Message: "the program needed more memory than allowed", cause: err}
	}
	return &InternalError{Message: "monty.wasm trapped: " + err.Error(), cause: err}
}
