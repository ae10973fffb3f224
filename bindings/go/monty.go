// Package monty runs Python written by AI agents in a sandbox: monty.wasm
// (the interpreter, embedded) in a fresh wazero instance per run, with
// external functions (sync and async), os calls, limits, lossless values
// and snapshots. The API is a superset of monty-go's.
package monty

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
)

// Runner holds monty.wasm compiled once; each Execute, Start or Restore
// gets a fresh instance. A Runner is safe for concurrent use.
type Runner struct {
	runtime  wazero.Runtime
	compiled wazero.CompiledModule
	cache    wazero.CompilationCache
	key      []byte
	// maxMemory is the module's own memory maximum in bytes (0: none).
	maxMemory uint64
}

// Option configures New.
type Option func(*runnerConfig)

type runnerConfig struct {
	cacheDir string
	wasm     []byte
	key      []byte
}

// WithCompilationCache keeps wazero's compiled code in dir, so a new
// process skips compiling monty.wasm.
func WithCompilationCache(dir string) Option {
	return func(c *runnerConfig) { c.cacheDir = dir }
}

// WithWasm uses other monty.wasm bytes instead of the embedded module.
func WithWasm(wasm []byte) Option {
	return func(c *runnerConfig) { c.wasm = wasm }
}

// WithSnapshotKey seals snapshots with HMAC-SHA-256 under key: Restore
// refuses bytes sealed under another key or altered. Without a key,
// snapshots carry a plain SHA-256 digest (integrity, not authenticity).
func WithSnapshotKey(key []byte) Option {
	return func(c *runnerConfig) { c.key = append([]byte(nil), key...) }
}

// New compiles monty.wasm (or loads it from the compilation cache).
func New(opts ...Option) (*Runner, error) {
	cfg := runnerConfig{wasm: montyWasm}
	for _, o := range opts {
		o(&cfg)
	}
	ctx := context.Background()
	rc := wazero.NewRuntimeConfig().WithCloseOnContextDone(true)
	var cache wazero.CompilationCache
	if cfg.cacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(cfg.cacheDir)
		if err != nil {
			return nil, fmt.Errorf("monty: compilation cache %s: %w", cfg.cacheDir, err)
		}
		cache = c
		rc = rc.WithCompilationCache(c)
	}
	rt := wazero.NewRuntimeWithConfig(ctx, rc)
	if err := instantiateWASI(ctx, rt); err != nil {
		_ = rt.Close(ctx)
		return nil, fmt.Errorf("monty: WASI host module: %w", err)
	}
	compiled, err := rt.CompileModule(ctx, cfg.wasm)
	if err != nil {
		_ = rt.Close(ctx)
		return nil, fmt.Errorf("monty: cannot compile monty.wasm: %w", err)
	}
	provided := map[string]bool{}
	for _, f := range rt.Module(wasiModule).ExportedFunctionDefinitions() {
		provided[f.Name()] = true
	}
	for _, imp := range compiled.ImportedFunctions() {
		mod, name, _ := imp.Import()
		if mod != wasiModule || !provided[name] {
			_ = rt.Close(ctx)
			return nil, fmt.Errorf("monty: monty.wasm imports %s.%s, which this host does not provide", mod, name)
		}
	}
	var maxMemory uint64
	for _, m := range compiled.ExportedMemories() {
		if max, ok := m.Max(); ok {
			maxMemory = uint64(max) * pageSize
		}
	}
	return &Runner{runtime: rt, compiled: compiled, cache: cache, key: cfg.key, maxMemory: maxMemory}, nil
}

// Close releases the compiled module and the runtime; runs in progress
// are stopped.
func (r *Runner) Close() error {
	ctx := context.Background()
	err := r.runtime.Close(ctx)
	if r.cache != nil {
		_ = r.cache.Close(ctx)
	}
	return err
}

// ---- functions and options --------------------------------------------------

// FuncDef declares an external function: its name, parameter names (so
// positional arguments reach FunctionCall.Args by name), whether it is
// async (the program awaits it; calls announced together run at once) and
// optionally a module the program can import it from.
type FuncDef struct {
	Name   string   `json:"name"`
	Params []string `json:"params,omitempty"`
	Async  bool     `json:"async,omitempty"`
	Module string   `json:"module,omitempty"`
}

// Func declares a synchronous external function.
func Func(name string, params ...string) FuncDef {
	return FuncDef{Name: name, Params: params}
}

// AsyncFunc declares an async external function: calling it gives an
// awaitable; every call the program starts before it blocks runs on its
// own goroutine at the same time.
func AsyncFunc(name string, params ...string) FuncDef {
	return FuncDef{Name: name, Params: params, Async: true}
}

// InModule makes the function also an attribute of module m
// (`import m; m.f()`, `from m import f`).
func (f FuncDef) InModule(m string) FuncDef {
	f.Module = m
	return f
}

// FunctionCall is one call of an external function.
type FunctionCall struct {
	ID   int64
	Name string
	// Args holds the positional arguments under their parameter names
	// (from Func's params) merged with the keyword arguments.
	Args       map[string]any
	Positional []any
	Kwargs     map[string]any
	// CallID is ID as monty-go typed it.
	CallID uint32
}

// ArgsJSON returns Args as a JSON object in the boundary's tagged form
// ("{}" if it cannot be encoded), for tool handlers that take JSON.
func (fc *FunctionCall) ArgsJSON() string {
	b, err := encodeValue(fc.Args, "args")
	if err != nil {
		return "{}"
	}
	return string(b)
}

// OsCall is a file, environment, clock or randomness access by the
// program (OS_CALLS.md lists them).
type OsCall struct {
	ID       int64
	Function string
	Args     []any
	Kwargs   map[string]any
	CallID   uint32
}

// ExternalFunc answers external calls. Return a value convertible to
// Python, or an error: a *PyError (see Raise) raises that exception type
// in the program, any other error raises RuntimeError with its text.
type ExternalFunc func(ctx context.Context, call *FunctionCall) (any, error)

// OsCallFunc answers os calls. Without one, every os call fails with
// PermissionError.
type OsCallFunc func(ctx context.Context, call *OsCall) (any, error)

// Limits caps one run. Zero fields are not capped.
type Limits struct {
	// MaxDuration caps the time the interpreter runs, summed over start
	// and every resume (time in host functions is not counted). The guest
	// checks it itself; the host also closes the instance shortly after.
	MaxDuration time.Duration
	// MaxMemoryBytes caps the instance's linear memory (memory.grow past
	// it fails) and the guest's own accounting.
	MaxMemoryBytes uint64
	// MaxInstructions caps bytecode instructions (the guest's own budget,
	// carried in snapshots).
	MaxInstructions uint64
	// MaxRecursionDepth makes deeper Python calls raise RecursionError.
	MaxRecursionDepth uint32
	// MaxSuspensions caps the external and os calls the host serves in
	// one run (a host-side limit, kind "calls").
	MaxSuspensions uint32
}

// ExecuteOption configures one run.
type ExecuteOption func(*execConfig)

type execConfig struct {
	external ExternalFunc
	funcs    []FuncDef
	osCall   OsCallFunc
	limits   Limits
	print    func(stream, text string)
	filename string
	ordered  bool
	waitAll  bool
	// externalGiven: WithExternalFunc was used (even with a nil handler,
	// for step-by-step runs)
	externalGiven bool
	hasFilename   bool
}

// WithExternalFunc sets the handler of external calls and declares the
// functions. With no FuncDef, the names the program reads but never
// defines (the guest's check) are declared as sync functions.
func WithExternalFunc(fn ExternalFunc, funcs ...FuncDef) ExecuteOption {
	return func(c *execConfig) {
		c.external = fn
		c.externalGiven = true
		c.funcs = append(c.funcs, funcs...)
	}
}

// WithOsCallFunc sets the handler of os calls.
func WithOsCallFunc(fn OsCallFunc) ExecuteOption {
	return func(c *execConfig) { c.osCall = fn }
}

// WithLimits sets the run's limits.
func WithLimits(l Limits) ExecuteOption {
	return func(c *execConfig) { c.limits = l }
}

// WithPrintFunc receives the program's output as it is written: stream
// is "stdout" or "stderr". Without it, output is discarded.
func WithPrintFunc(fn func(stream, text string)) ExecuteOption {
	return func(c *execConfig) { c.print = fn }
}

// WithFilename names the program in tracebacks (default "main.py").
func WithFilename(name string) ExecuteOption {
	return func(c *execConfig) { c.filename = name; c.hasFilename = true }
}

// WithWaitAll answers a wait only when every async call in flight has
// finished (as `monty run --tools-cmd` does), instead of as soon as one
// has: slower, but the order in which the program sees results no longer
// depends on timing.
func WithWaitAll() ExecuteOption {
	return func(c *execConfig) { c.waitAll = true }
}

// WithOrderedDicts decodes every dict as a Dict (ordered pairs) instead
// of map[string]any, so key order survives a round trip through Go.
func WithOrderedDicts() ExecuteOption {
	return func(c *execConfig) { c.ordered = true }
}

// ---- errors -----------------------------------------------------------------

// MontyError is a Python exception the program did not catch.
type MontyError struct {
	Type      string
	Message   string
	Traceback string // CPython's format, ending with "Type: message"
}

func (e *MontyError) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// LimitKind names the limit a run hit.
type LimitKind string

// The limits.
const (
	LimitTime         LimitKind = "time"
	LimitMemory       LimitKind = "memory"
	LimitInstructions LimitKind = "instructions"
	LimitCalls        LimitKind = "calls"
)

// LimitError is a run stopped by a limit (or by its context); the
// instance is gone, the Runner is unaffected.
type LimitError struct {
	Kind    LimitKind
	Message string
	cause   error
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("monty: %s limit exceeded: %s", e.Kind, e.Message)
}

// Unwrap gives the context's error when the context stopped the run.
func (e *LimitError) Unwrap() error { return e.cause }

// PyError, returned by an ExternalFunc or OsCallFunc, raises the
// exception Type (a builtin exception name; others become RuntimeError)
// with Message in the program. Errno sets OSError.errno for os calls.
type PyError struct {
	Type    string
	Message string
	Errno   *int
}

func (e *PyError) Error() string { return e.Type + ": " + e.Message }

// Raise returns a *PyError.
func Raise(pyType, message string) error { return &PyError{Type: pyType, Message: message} }

// UsageError is a request or reply the guest refused (its "invalid"
// answer), or a misuse of this package.
type UsageError struct{ Message string }

func (e *UsageError) Error() string { return "monty: " + e.Message }

// InternalError is a guest trap that is not a limit: a bug.
type InternalError struct {
	Message string
	cause   error
}

func (e *InternalError) Error() string { return "monty: internal error: " + e.Message }
func (e *InternalError) Unwrap() error { return e.cause }

// ErrResumed is returned when an Execution that was already resumed (or
// closed) is resumed again.
var ErrResumed = errors.New("monty: this pause was already resumed; use the Execution the last Resume returned (or Restore its Snapshot)")

// ---- running ----------------------------------------------------------------

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
		names := make([]string, 0, len(inputs))
		for k := range inputs {
			names = append(names, k)
		}
		sort.Strings(names)
		req.WriteString(`,"inputs":{`)
		for i, k := range names {
			if i > 0 {
				req.WriteByte(',')
			}
			enc.buf.Reset()
			enc.str(k)
			req.Write(enc.buf.Bytes())
			req.WriteByte(':')
			b, err := encodeValue(inputs[k], "inputs."+k)
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
	rn, err := r.newRun(ctx, cfg)
	if err != nil {
		return nil, err
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

func newConfig(opts []ExecuteOption) *execConfig {
	cfg := &execConfig{filename: "main.py"}
	for _, o := range opts {
		o(cfg)
	}
	return cfg
}

func limitsJSON(l Limits) string {
	var parts []string
	if l.MaxRecursionDepth > 0 {
		parts = append(parts, fmt.Sprintf(`"max_recursion_depth":%d`, l.MaxRecursionDepth))
	}
	if l.MaxMemoryBytes > 0 {
		parts = append(parts, fmt.Sprintf(`"max_memory_bytes":%d`, l.MaxMemoryBytes))
	}
	if l.MaxInstructions > 0 {
		parts = append(parts, fmt.Sprintf(`"max_instructions":%d`, l.MaxInstructions))
	}
	if l.MaxDuration > 0 {
		parts = append(parts, fmt.Sprintf(`"max_duration_secs":%g`, l.MaxDuration.Seconds()))
	}
	if len(parts) == 0 {
		return ""
	}
	return "{" + strings.Join(parts, ",") + "}"
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

	guestTime   time.Duration
	suspensions uint32
	closed      bool

	// async calls in flight, across waits
	mu       sync.Mutex
	inflight int
	results  chan asyncResult
}

// settleWindow is how long a wait's reply waits for more results after
// the first one arrives.
const settleWindow = time.Millisecond

type asyncResult struct {
	id    int64
	reply []byte
}

func (r *Runner) newRun(ctx context.Context, cfg *execConfig) (*run, error) {
	rctx, cancel := context.WithCancel(ctx)
	inst, err := r.instantiate(rctx, cfg.limits.MaxMemoryBytes, cfg.print)
	if err != nil {
		cancel()
		return nil, err
	}
	return &run{r: r, ctx: rctx, cancel: cancel, cfg: cfg, inst: inst, results: make(chan asyncResult, 64)}, nil
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
	rn.inst.close()
}

// Check parses code without running it: a *MontyError (SyntaxError, with
// the line in Message) when the guest's check reports a problem.
func (r *Runner) Check(ctx context.Context, code string) error {
	rn, err := r.newRun(ctx, newConfig(nil))
	if err != nil {
		return err
	}
	defer rn.close()
	enc := encoder{}
	enc.str(code)
	out, err := rn.guestCall("check", []byte(`{"code":`+enc.buf.String()+`}`), true)
	if err != nil {
		return err
	}
	var res struct {
		OK          bool `json:"ok"`
		Diagnostics []struct {
			Line    int    `json:"line"`
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"diagnostics"`
	}
	if err := jsonUnmarshal(out, &res); err != nil {
		return &InternalError{Message: "check returned bad JSON: " + err.Error()}
	}
	if res.OK || len(res.Diagnostics) == 0 {
		return nil
	}
	d := res.Diagnostics[0]
	typ := d.Type
	if typ == "" {
		typ = "SyntaxError"
	}
	return &MontyError{Type: typ, Message: fmt.Sprintf("%s (line %d)", d.Message, d.Line)}
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
			rn.close()
			return nil, &LimitError{Kind: LimitTime, Message: fmt.Sprintf("the program ran longer than %v", budget)}
		}
		return nil, rn.classify(err)
	}
	return out, nil
}

// classify turns a failed export call into the right error and ends the run.
func (rn *run) classify(err error) error {
	defer rn.close()
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

// ---- progress -----------------------------------------------------------------

// Execution is the state of a run after a step: Done with a Value, or
// paused at a call (Kind "call", "os_call" or "wait").
type Execution struct {
	rn   *run
	used bool
	mu   sync.Mutex

	Done  bool
	Value any
	Repr  string // repr() of Value, as the guest gives it

	// Kind is "call", "os_call" or "wait" when paused.
	Kind string
	// The paused call (Kind "call" or "os_call"; for os calls Name is the
	// function, e.g. "Path.read_bytes").
	ID         int64
	Name       string
	Args       map[string]any
	Positional []any
	Kwargs     map[string]any
	// Kind "wait": the async calls announced (all may run at once), and
	// the sandbox time to the next timer, if any.
	Calls []*FunctionCall
	Sleep *float64
}

// Result answers one call of a wait (ResumeWait).
type Result struct {
	ID    int64
	Value any
	Err   error
}

func (ex *Execution) take() error {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if ex.used || ex.rn == nil || ex.rn.closed {
		return ErrResumed
	}
	if ex.Done {
		return &UsageError{"the execution is complete: nothing to resume"}
	}
	ex.used = true
	return nil
}

// Resume answers the paused call with value and runs to the next pause.
func (ex *Execution) Resume(value any) (*Execution, error) {
	if ex.Kind == "wait" {
		return nil, &UsageError{"a wait is answered with ResumeWait"}
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, err := ex.rn.reply(ex.ID, value, nil, fmt.Sprintf("result of %s", ex.Name))
	if err != nil {
		ex.rn.close()
		return nil, err
	}
	return ex.rn.step("resume", reply)
}

// Fail raises pyType(message) at the paused call.
func (ex *Execution) Fail(pyType, message string) (*Execution, error) {
	if ex.Kind == "wait" {
		return nil, &UsageError{"a wait is answered with ResumeWait"}
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, _ := ex.rn.reply(ex.ID, nil, &PyError{Type: pyType, Message: message}, "")
	return ex.rn.step("resume", reply)
}

// ResumeWait answers some (at least one, unless the wait has a Sleep) of
// the async calls in flight; elapsed is the time that passed.
func (ex *Execution) ResumeWait(results []Result, elapsed time.Duration) (*Execution, error) {
	if err := ex.take(); err != nil {
		return nil, err
	}
	parts := make([]string, 0, len(results))
	for _, res := range results {
		b, err := ex.rn.reply(res.ID, res.Value, res.Err, fmt.Sprintf("result of call %d", res.ID))
		if err != nil {
			ex.rn.close()
			return nil, err
		}
		parts = append(parts, string(b))
	}
	msg := fmt.Sprintf(`{"results":[%s],"elapsed":%g}`, strings.Join(parts, ","), elapsed.Seconds())
	return ex.rn.step("resume", []byte(msg))
}

// Close ends the run (the instance is freed). Safe to call at any time.
func (ex *Execution) Close() {
	if ex.rn != nil {
		ex.rn.close()
	}
}

// Continue runs a paused execution to the end with the handlers of its
// options (as Execute does) and returns the program's value.
func (ex *Execution) Continue() (any, error) {
	done, err := ex.Finish()
	if err != nil {
		return nil, err
	}
	return done.Value, nil
}

// Finish is Continue returning the completed Execution (Value and Repr).
func (ex *Execution) Finish() (*Execution, error) {
	rn := ex.rn
	defer rn.close()
	for {
		if ex.Done {
			return ex, nil
		}
		var err error
		switch ex.Kind {
		case "call":
			ex, err = rn.answerCall(ex)
		case "os_call":
			ex, err = rn.answerOsCall(ex)
		case "wait":
			ex, err = rn.answerWait(ex)
		default:
			return nil, &InternalError{Message: "unknown pause " + ex.Kind}
		}
		if err != nil {
			return nil, err
		}
	}
}

func (rn *run) countSuspension() error {
	rn.suspensions++
	if m := rn.cfg.limits.MaxSuspensions; m > 0 && rn.suspensions > m {
		rn.close()
		return &LimitError{Kind: LimitCalls, Message: fmt.Sprintf("more than %d host calls", m)}
	}
	return nil
}

func (rn *run) answerCall(ex *Execution) (*Execution, error) {
	if err := rn.countSuspension(); err != nil {
		return nil, err
	}
	if rn.cfg.external == nil {
		return ex.Fail("NameError", fmt.Sprintf("name '%s' is not defined (no external function handler)", ex.Name))
	}
	v, err := rn.safeCall(&FunctionCall{ID: ex.ID, CallID: uint32(ex.ID), Name: ex.Name, Args: ex.Args, Positional: ex.Positional, Kwargs: ex.Kwargs})
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, rerr := rn.reply(ex.ID, v, err, "result of "+ex.Name)
	if rerr != nil {
		rn.close()
		return nil, rerr
	}
	return rn.step("resume", reply)
}

func (rn *run) safeCall(call *FunctionCall) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the host function %s panicked: %v", call.Name, p)
		}
	}()
	return rn.cfg.external(rn.ctx, call)
}

func (rn *run) answerOsCall(ex *Execution) (*Execution, error) {
	if err := rn.countSuspension(); err != nil {
		return nil, err
	}
	var v any
	var err error
	if rn.cfg.osCall == nil {
		err = &PyError{Type: "PermissionError", Message: ex.Name + ": no OS access is granted to this sandbox"}
		if strings.HasPrefix(ex.Name, "Path.") && len(ex.Positional) > 0 {
			errno := 13
			err = &PyError{Type: "PermissionError", Message: "Permission denied", Errno: &errno}
		}
	} else {
		func() {
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("the os call handler panicked: %v", p)
				}
			}()
			v, err = rn.cfg.osCall(rn.ctx, &OsCall{ID: ex.ID, CallID: uint32(ex.ID), Function: ex.Name, Args: ex.Positional, Kwargs: ex.Kwargs})
		}()
	}
	if err := ex.take(); err != nil {
		return nil, err
	}
	reply, rerr := rn.reply(ex.ID, v, err, "result of "+ex.Name)
	if rerr != nil {
		rn.close()
		return nil, rerr
	}
	return rn.step("resume", reply)
}

// answerWait starts every newly announced call on its own goroutine, then
// replies with the results ready as soon as one is (or the timer is due).
func (rn *run) answerWait(ex *Execution) (*Execution, error) {
	if err := ex.take(); err != nil {
		return nil, err
	}
	started := time.Now()
	for _, c := range ex.Calls {
		if err := rn.countSuspension(); err != nil {
			return nil, err
		}
		rn.mu.Lock()
		rn.inflight++
		rn.mu.Unlock()
		go func(c *FunctionCall) {
			var v any
			var err error
			if rn.cfg.external == nil {
				err = &PyError{Type: "NameError", Message: fmt.Sprintf("name '%s' is not defined (no external function handler)", c.Name)}
			} else {
				v, err = rn.safeCall(c)
			}
			reply, rerr := rn.reply(c.ID, v, err, "result of "+c.Name)
			if rerr != nil {
				reply, _ = rn.reply(c.ID, nil, &PyError{Type: "TypeError", Message: rerr.Error()}, "")
			}
			select {
			case rn.results <- asyncResult{c.ID, reply}:
			case <-rn.ctx.Done():
			}
		}(c)
	}
	rn.mu.Lock()
	pending := rn.inflight
	rn.mu.Unlock()
	var timer <-chan time.Time
	if rn.cfg.waitAll && pending > 0 {
		// every call in flight is answered before the program resumes
	} else if ex.Sleep != nil {
		d := time.Duration(*ex.Sleep * float64(time.Second))
		if d < 0 {
			d = 0
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	} else if pending == 0 {
		rn.close()
		return nil, &InternalError{Message: "the program waits but nothing is pending"}
	}
	var ready []asyncResult
	select {
	case res := <-rn.results:
		ready = append(ready, res)
	case <-timer:
	case <-rn.ctx.Done():
		err := rn.ctx.Err()
		if cause := context.Cause(rn.ctx); cause != nil {
			err = cause
		}
		rn.close()
		return nil, &LimitError{Kind: LimitTime, Message: "the context ended the run: " + err.Error(), cause: err}
	}
	// Results that arrive together are delivered together: after the
	// first, collect what else comes within a short settle window (calls
	// answered at the same moment by a tool server reach us one by one),
	// then hand them over in announcement order.
	for rn.cfg.waitAll && len(ready) < pending {
		select {
		case res := <-rn.results:
			ready = append(ready, res)
		case <-rn.ctx.Done():
			err := rn.ctx.Err()
			if cause := context.Cause(rn.ctx); cause != nil {
				err = cause
			}
			rn.close()
			return nil, &LimitError{Kind: LimitTime, Message: "the context ended the run: " + err.Error(), cause: err}
		}
	}
	if len(ready) > 0 {
		settle := time.NewTimer(settleWindow)
	drain:
		for len(ready) < pending {
			select {
			case res := <-rn.results:
				ready = append(ready, res)
				if !settle.Stop() {
					<-settle.C
				}
				settle.Reset(settleWindow)
			case <-settle.C:
				break drain
			}
		}
		settle.Stop()
	}
	sort.Slice(ready, func(i, j int) bool { return ready[i].id < ready[j].id })
	parts := make([]string, len(ready))
	for i, res := range ready {
		parts[i] = string(res.reply)
	}
	rn.mu.Lock()
	rn.inflight -= len(ready)
	rn.mu.Unlock()
	msg := fmt.Sprintf(`{"results":[%s],"elapsed":%g}`, strings.Join(parts, ","), time.Since(started).Seconds())
	return rn.step("resume", []byte(msg))
}

// reply encodes {"id", "value"} or {"id", "error"}.
func (rn *run) reply(id int64, value any, err error, path string) ([]byte, error) {
	if err != nil {
		var pe *PyError
		if !errors.As(err, &pe) {
			var ce *ConversionError
			if errors.As(err, &ce) {
				pe = &PyError{Type: "TypeError", Message: ce.Path + ": " + ce.Reason}
			} else {
				pe = &PyError{Type: "RuntimeError", Message: err.Error()}
			}
		}
		obj := map[string]any{"type": pe.Type, "message": pe.Message}
		if pe.Errno != nil {
			obj["errno"] = *pe.Errno
		}
		b, _ := jsonMarshal(map[string]any{"id": id, "error": obj})
		return b, nil
	}
	v, cerr := encodeValue(value, path)
	if cerr != nil {
		// The program sees the conversion failure as a TypeError.
		var ce *ConversionError
		errors.As(cerr, &ce)
		return rn.reply(id, nil, &PyError{Type: "TypeError", Message: ce.Path + ": " + ce.Reason}, "")
	}
	return []byte(fmt.Sprintf(`{"id":%d,"value":%s}`, id, v)), nil
}

// step calls an export and turns its progress into an Execution or error.
func (rn *run) step(export string, arg []byte) (*Execution, error) {
	out, err := rn.guestCall(export, arg, true)
	if err != nil {
		return nil, err
	}
	return rn.progress(out)
}

type rawCall struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Function string  `json:"function"`
	Args     jsonRaw `json:"args"`
	Kwargs   jsonRaw `json:"kwargs"`
}

func (rn *run) progress(out []byte) (*Execution, error) {
	var p struct {
		Status string  `json:"status"`
		Value  jsonRaw `json:"value"`
		Repr   *string `json:"repr"`
		rawCall
		Calls   []rawCall `json:"calls"`
		Sleep   *float64  `json:"sleep"`
		Message string    `json:"message"`
		Kind    string    `json:"kind"`
		Error   struct {
			Type      string `json:"type"`
			Message   string `json:"message"`
			Traceback string `json:"traceback"`
		} `json:"error"`
	}
	if err := jsonUnmarshal(out, &p); err != nil {
		rn.close()
		return nil, &InternalError{Message: fmt.Sprintf("bad progress JSON (%v): %.200s", err, out)}
	}
	ex := &Execution{rn: rn, Kind: p.Status}
	switch p.Status {
	case "complete":
		v, err := rn.decode(p.Value)
		rn.close()
		if err != nil {
			return nil, err
		}
		ex.Done, ex.Value, ex.Kind = true, v, ""
		if p.Repr != nil {
			ex.Repr = *p.Repr
		}
		return ex, nil
	case "call", "os_call":
		name := p.Name
		if p.Status == "os_call" {
			name = p.Function
		}
		c, err := rn.call(p.rawCall, name)
		if err != nil {
			rn.close()
			return nil, err
		}
		ex.ID, ex.Name, ex.Args, ex.Positional, ex.Kwargs = c.ID, c.Name, c.Args, c.Positional, c.Kwargs
		return ex, nil
	case "wait":
		for _, rc := range p.Calls {
			c, err := rn.call(rc, rc.Name)
			if err != nil {
				rn.close()
				return nil, err
			}
			ex.Calls = append(ex.Calls, c)
		}
		ex.Sleep = p.Sleep
		return ex, nil
	case "error":
		rn.close()
		return nil, &MontyError{Type: p.Error.Type, Message: p.Error.Message, Traceback: p.Error.Traceback}
	case "invalid":
		rn.close()
		return nil, &UsageError{p.Message}
	case "limit":
		rn.close()
		return nil, &LimitError{Kind: LimitKind(p.Kind), Message: p.Message}
	}
	rn.close()
	return nil, &InternalError{Message: fmt.Sprintf("unknown progress: %.200s", out)}
}

func (rn *run) decode(raw jsonRaw) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := decodeJSON(raw, rn.cfg.ordered)
	if err != nil {
		return nil, &InternalError{Message: "bad value from the guest: " + err.Error()}
	}
	return v, nil
}

func (rn *run) call(rc rawCall, name string) (*FunctionCall, error) {
	c := &FunctionCall{ID: rc.ID, CallID: uint32(rc.ID), Name: name, Args: map[string]any{}, Kwargs: map[string]any{}}
	if len(rc.Args) > 0 {
		v, err := rn.decode(rc.Args)
		if err != nil {
			return nil, err
		}
		c.Positional, _ = v.([]any)
	}
	if c.Positional == nil {
		c.Positional = []any{}
	}
	if len(rc.Kwargs) > 0 {
		v, err := rn.decode(rc.Kwargs)
		if err != nil {
			return nil, err
		}
		switch kw := v.(type) {
		case map[string]any:
			c.Kwargs = kw
		case Dict:
			for _, p := range kw {
				if k, ok := p.Key.(string); ok {
					c.Kwargs[k] = p.Value
				}
			}
		}
	}
	params := rn.funcs[name].Params
	for i, a := range c.Positional {
		if i < len(params) {
			c.Args[params[i]] = a
		}
	}
	for k, v := range c.Kwargs {
		c.Args[k] = v
	}
	return c, nil
}
