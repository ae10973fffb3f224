package monty

import (
	"context"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/sys"
)

// monty.wasm is a committed copy of the repository's root monty.wasm
// (ci.sh and `make check-wasm` keep them identical).
//
//go:embed monty.wasm
var montyWasm []byte

const pageSize = 65536

// initialCapacity is the linear memory reserved up front for an instance
// (monty.wasm uses about 10 MiB for a small program; growing from
// its 1 MiB minimum page by page would copy it several times).
const initialCapacity = 12 << 20

// The preview-1 functions the host module provides. Nothing is granted:
// fd_write streams fds 1 and 2 to the run's print function, the
// environment is empty, clocks are real (the guest's time budget reads the
// monotonic one), random_get is a fixed sequence (it only seeds a hash map).
const wasiModule = "wasi_snapshot_preview1"

const (
	errnoSuccess = 0
	errnoBadf    = 8
	errnoFault   = 21
	errnoInval   = 28
	errnoNosys   = 52
)

var monotonicBase = time.Now()

type runKey struct{}

// hostState is what the WASI functions of one instance need; it travels in
// the context of every export call.
type hostState struct {
	print  func(stream, text string)
	mu     sync.Mutex
	stderr []byte // the tail of stderr, to classify allocation-failure traps
}

func stateOf(ctx context.Context) *hostState {
	s, _ := ctx.Value(runKey{}).(*hostState)
	return s
}

func instantiateWASI(ctx context.Context, rt wazero.Runtime) error {
	b := rt.NewHostModuleBuilder(wasiModule)
	fn := func(name string, f api.GoModuleFunc, params, results []api.ValueType) {
		b.NewFunctionBuilder().WithGoModuleFunction(f, params, results).Export(name)
	}
	i32, i64 := api.ValueTypeI32, api.ValueTypeI64
	fn("fd_write", fdWrite, []api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	// no environment and no arguments: two empty lists (0 items, 0 bytes)
	emptySizes := func(ctx context.Context, m api.Module, st []uint64) {
		mem := m.Memory()
		if !mem.WriteUint32Le(uint32(st[0]), 0) || !mem.WriteUint32Le(uint32(st[1]), 0) {
			st[0] = errnoFault
			return
		}
		st[0] = errnoSuccess
	}
	fn("environ_sizes_get", emptySizes, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("environ_get", func(ctx context.Context, m api.Module, st []uint64) {
		st[0] = errnoSuccess
	}, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("args_sizes_get", emptySizes, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("args_get", func(ctx context.Context, m api.Module, st []uint64) {
		st[0] = errnoSuccess
	}, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("random_get", func(ctx context.Context, m api.Module, st []uint64) {
		buf, n := uint32(st[0]), uint32(st[1])
		data := make([]byte, n)
		x := uint32(0x9e3779b9)
		for i := range data {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			data[i] = byte(x)
		}
		if !m.Memory().Write(buf, data) {
			st[0] = errnoFault
			return
		}
		st[0] = errnoSuccess
	}, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("clock_time_get", func(ctx context.Context, m api.Module, st []uint64) {
		id, out := uint32(st[0]), uint32(st[2])
		var ns uint64
		switch id {
		case 0:
			ns = uint64(time.Now().UnixNano())
		case 1, 2, 3:
			ns = uint64(time.Since(monotonicBase).Nanoseconds())
		default:
			st[0] = errnoInval
			return
		}
		if !m.Memory().WriteUint64Le(out, ns) {
			st[0] = errnoFault
			return
		}
		st[0] = errnoSuccess
	}, []api.ValueType{i32, i64, i32}, []api.ValueType{i32})
	fn("clock_res_get", func(ctx context.Context, m api.Module, st []uint64) {
		if !m.Memory().WriteUint64Le(uint32(st[1]), 1) {
			st[0] = errnoFault
			return
		}
		st[0] = errnoSuccess
	}, []api.ValueType{i32, i32}, []api.ValueType{i32})
	fn("proc_exit", func(ctx context.Context, m api.Module, st []uint64) {
		code := uint32(st[0])
		_ = m.CloseWithExitCode(ctx, code)
		panic(sys.NewExitError(code))
	}, []api.ValueType{i32}, nil)
	fn("sched_yield", func(ctx context.Context, m api.Module, st []uint64) {
		st[0] = errnoSuccess
	}, nil, []api.ValueType{i32})
	// Everything touching files answers EBADF: there are no preopens.
	for _, name := range []string{"fd_close", "fd_fdstat_get", "fd_prestat_get", "fd_sync"} {
		n := 1
		if name == "fd_fdstat_get" || name == "fd_prestat_get" {
			n = 2
		}
		params := make([]api.ValueType, n)
		for i := range params {
			params[i] = i32
		}
		fn(name, func(ctx context.Context, m api.Module, st []uint64) { st[0] = errnoBadf }, params, []api.ValueType{i32})
	}
	fn("fd_prestat_dir_name", func(ctx context.Context, m api.Module, st []uint64) { st[0] = errnoBadf },
		[]api.ValueType{i32, i32, i32}, []api.ValueType{i32})
	fn("fd_seek", func(ctx context.Context, m api.Module, st []uint64) { st[0] = errnoBadf },
		[]api.ValueType{i32, i64, i32, i32}, []api.ValueType{i32})
	fn("fd_read", func(ctx context.Context, m api.Module, st []uint64) { st[0] = errnoBadf },
		[]api.ValueType{i32, i32, i32, i32}, []api.ValueType{i32})
	_, err := b.Instantiate(ctx)
	return err
}

func fdWrite(ctx context.Context, m api.Module, st []uint64) {
	fd, iovs, iovsLen, nwritten := uint32(st[0]), uint32(st[1]), uint32(st[2]), uint32(st[3])
	if fd != 1 && fd != 2 {
		st[0] = errnoBadf
		return
	}
	mem := m.Memory()
	var out []byte
	for i := uint32(0); i < iovsLen; i++ {
		p, ok1 := mem.ReadUint32Le(iovs + 8*i)
		n, ok2 := mem.ReadUint32Le(iovs + 8*i + 4)
		if !ok1 || !ok2 {
			st[0] = errnoFault
			return
		}
		b, ok := mem.Read(p, n)
		if !ok {
			st[0] = errnoFault
			return
		}
		out = append(out, b...)
	}
	if !mem.WriteUint32Le(nwritten, uint32(len(out))) {
		st[0] = errnoFault
		return
	}
	st[0] = errnoSuccess
	s := stateOf(ctx)
	if s == nil || len(out) == 0 {
		return
	}
	stream := "stdout"
	if fd == 2 {
		stream = "stderr"
		s.mu.Lock()
		s.stderr = append(s.stderr, out...)
		if len(s.stderr) > 4096 {
			s.stderr = s.stderr[len(s.stderr)-4096:]
		}
		s.mu.Unlock()
	}
	if s.print != nil {
		s.print(stream, string(out))
	}
}

// cappedMemory backs one instance's linear memory and refuses to grow past
// its cap, so memory.grow returns -1 (the guest then fails its allocation).
type cappedMemory struct {
	buf    []byte
	limit  uint64
	denied bool
}

func (c *cappedMemory) Reallocate(size uint64) []byte {
	if size > c.limit {
		c.denied = true
		return nil
	}
	if uint64(cap(c.buf)) >= size {
		c.buf = c.buf[:size]
		return c.buf
	}
	newCap := uint64(cap(c.buf)) * 2
	if newCap < size {
		newCap = size
	}
	if newCap > c.limit {
		newCap = c.limit
	}
	nb := make([]byte, size, newCap)
	copy(nb, c.buf)
	c.buf = nb
	return nb
}

func (c *cappedMemory) Free() { c.buf = nil }

// instance is one fresh monty.wasm instance: one execution.
type instance struct {
	mod   api.Module
	mem   *cappedMemory
	state *hostState
	fns   map[string]api.Function
}

func (r *Runner) instantiate(ctx context.Context, memLimit uint64, print func(stream, text string)) (*instance, error) {
	inst := &instance{state: &hostState{print: print}, fns: map[string]api.Function{}}
	ictx := context.WithValue(ctx, runKey{}, inst.state)
	// Every instance gets its own allocator: capped when a limit is set,
	// and with room for the memory a run typically reaches from the start,
	// so memory.grow rarely copies.
	limit := memLimit
	if limit == 0 {
		limit = 1 << 32
	}
	inst.mem = &cappedMemory{limit: (limit + pageSize - 1) / pageSize * pageSize}
	ictx = experimental.WithMemoryAllocator(ictx, experimental.MemoryAllocatorFunc(func(c, max uint64) experimental.LinearMemory {
		if c > inst.mem.limit {
			inst.mem.denied = true
			c = inst.mem.limit
		}
		if c < initialCapacity {
			c = min(initialCapacity, inst.mem.limit, max)
		}
		inst.mem.buf = make([]byte, 0, c)
		return inst.mem
	}))
	cfg := wazero.NewModuleConfig().WithName("").WithStartFunctions()
	mod, err := r.runtime.InstantiateModule(ictx, r.compiled, cfg)
	if err != nil {
		if inst.mem != nil && inst.mem.denied {
			return nil, &LimitError{Kind: LimitMemory, Message: "the module's initial memory exceeds the memory limit"}
		}
		return nil, fmt.Errorf("monty: cannot instantiate monty.wasm: %w", err)
	}
	inst.mod = mod
	if f := mod.ExportedFunction("_initialize"); f != nil {
		if _, err := f.Call(ictx); err != nil {
			_ = mod.Close(ctx)
			return nil, fmt.Errorf("monty: _initialize failed: %w", err)
		}
	}
	return inst, nil
}

func (in *instance) fn(name string) (api.Function, error) {
	if f, ok := in.fns[name]; ok {
		return f, nil
	}
	f := in.mod.ExportedFunction(name)
	if f == nil {
		return nil, fmt.Errorf("monty: monty.wasm does not export %q", name)
	}
	in.fns[name] = f
	return f, nil
}

func (in *instance) close() {
	if in.mod != nil {
		_ = in.mod.Close(context.Background())
	}
}

// errTrap marks an export call that trapped (or was stopped).
type trapError struct {
	err error
}

func (t *trapError) Error() string { return t.err.Error() }
func (t *trapError) Unwrap() error { return t.err }

// call runs export name with arg (nil: no argument) through the canonical
// ABI and returns a copy of the result bytes.
func (in *instance) call(ctx context.Context, name string, arg []byte, withArg bool) ([]byte, error) {
	ctx = context.WithValue(ctx, runKey{}, in.state)
	f, err := in.fn(name)
	if err != nil {
		return nil, err
	}
	var params []uint64
	if withArg {
		realloc, err := in.fn("cabi_realloc")
		if err != nil {
			return nil, err
		}
		p, err := realloc.Call(ctx, 0, 0, 1, uint64(len(arg)))
		if err != nil {
			return nil, &trapError{err}
		}
		if !in.mod.Memory().Write(uint32(p[0]), arg) {
			return nil, errors.New("monty: cabi_realloc returned memory out of range")
		}
		params = []uint64{p[0], uint64(len(arg))}
	}
	ret, err := f.Call(ctx, params...)
	if err != nil {
		return nil, &trapError{err}
	}
	mem := in.mod.Memory()
	pair, ok := mem.Read(uint32(ret[0]), 8)
	if !ok {
		return nil, errors.New("monty: result pointer out of range")
	}
	ptr, n := binary.LittleEndian.Uint32(pair), binary.LittleEndian.Uint32(pair[4:])
	data, ok := mem.Read(ptr, n)
	if !ok {
		return nil, errors.New("monty: result out of range")
	}
	out := append([]byte(nil), data...)
	if post := in.mod.ExportedFunction("cabi_post_" + name); post != nil {
		if _, err := post.Call(ctx, ret[0]); err != nil {
			return nil, &trapError{err}
		}
	}
	return out, nil
}

func (in *instance) stderrTail() string {
	in.state.mu.Lock()
	defer in.state.mu.Unlock()
	return string(in.state.stderr)
}

func (in *instance) memoryBytes() uint64 {
	if in.mod == nil || in.mod.Memory() == nil {
		return 0
	}
	return uint64(in.mod.Memory().Size())
}
