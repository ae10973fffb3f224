// monty.go owns the Runner: compiling monty.wasm once (New and its
// Options) and releasing it (Close). Running lives in run.go, pauses and
// resumes in execution.go, async waits in wait.go, per-run options in
// options.go, error types in errors.go, snapshots in snapshot.go.

// Package monty runs Python written by AI agents in a sandbox: monty.wasm
// (the interpreter, embedded) in a fresh wazero instance per run, with
// external functions (sync and async), os calls, limits, lossless values
// and snapshots. The API is a superset of monty-go's.
package monty

import (
	"context"
	"fmt"

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
