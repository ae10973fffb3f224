// Per-run configuration: external function declarations (FuncDef), the
// call types handlers receive (FunctionCall, OsCall), the handler types,
// Limits, and the ExecuteOptions that configure one Execute or Start.

package monty

import (
	"context"
	"fmt"
	"strings"
	"time"
)

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
	// MethodCall is set for a call of a host object's method (Name is
	// the method): Object is the object (its HostObject's Value, else the
	// *HostObject; a HostObjectRef if this run did not give it), Class its class.
	MethodCall bool
	Object     any
	Class      string
	objectID   int64
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
	// stubs: Python stub text for the static checker (WithStubs)
	stubs string
	// inputNames: the inputs Check declares (WithInputNames)
	inputNames []string
	// cwd: the sandbox's working directory at the start ("": "/")
	cwd     string
	ordered bool
	waitAll bool
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

// WithStubs gives the static checker Python stub text declaring the
// host's tools, classes and constants (`def get_weather(city: str) ->
// dict[str, Any]: ...`, `async def fetch_page(url: str) -> str: ...`,
// `API_BASE: str`). Check and Diagnose check the program against it.
// Execute and Start check first too (as `monty run --check` does) and
// return a *CheckError, before anything runs, when the checker finds an
// error.
func WithStubs(stubs string) ExecuteOption {
	return func(c *execConfig) { c.stubs = stubs }
}

// WithInputNames declares, for Check and Diagnose, the names of the inputs
// the run will give (globals bound before the program starts). Execute
// and Start take them from their inputs map.
func WithInputNames(names ...string) ExecuteOption {
	return func(c *execConfig) { c.inputNames = append(c.inputNames, names...) }
}

// WithCwd sets the sandbox's working directory at the start (an absolute
// path; default "/"): os.getcwd() returns it, relative paths reach the
// OsCallFunc joined to it, os.chdir moves it, and snapshots carry it. A
// relative path is refused (*UsageError).
func WithCwd(dir string) ExecuteOption {
	return func(c *execConfig) { c.cwd = dir }
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
