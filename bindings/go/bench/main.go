// The Go host's figures for `make bench`, through the public API on the
// embedded monty.wasm (or -wasm PATH). Prints one JSON object:
//
//	{"host":"go","start_median_ms":..,"call_roundtrip_ms":..,"programs":{name: ms},"failures":[..]}
//
// start_median_ms: a fresh instance running `1+1` (median of -start-runs
// after warm-up); call_roundtrip_ms: a program calling a sync external
// 1000 times, per call; programs: bench/programs/*.py, best of -repeat,
// each one's checksum line (last non-empty stdout line) compared with
// CPython's (-python) or <name>.expected when present.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	monty "github.com/monty-sandbox/monty/bindings/go"
)

func checksumLine(out string) string {
	lines := strings.Split(out, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return lines[i]
		}
	}
	return ""
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

func main() {
	root := flag.String("root", "../..", "the repository root (bench/programs)")
	wasm := flag.String("wasm", "", "another monty.wasm to measure")
	python := flag.String("python", "", "CPython for the expected checksums (default: pyenv 3.13.0 if present, else python3)")
	startRuns := flag.Int("start-runs", 300, "fresh-instance starts to time")
	repeat := flag.Int("repeat", 3, "runs per program (best is reported)")
	flag.Parse()

	var opts []monty.Option
	if *wasm != "" {
		b, err := os.ReadFile(*wasm)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		opts = append(opts, monty.WithWasm(b))
	}
	cache, _ := os.UserCacheDir()
	if cache != "" {
		opts = append(opts, monty.WithCompilationCache(filepath.Join(cache, "monty-go")))
	}
	runner, err := monty.New(opts...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer runner.Close()
	ctx := context.Background()
	failures := []string{}

	// (a) fresh instance + 1+1
	for i := 0; i < 20; i++ {
		_, _ = runner.Execute(ctx, "1+1", nil)
	}
	times := make([]time.Duration, *startRuns)
	for i := range times {
		t0 := time.Now()
		v, err := runner.Execute(ctx, "1+1", nil)
		times[i] = time.Since(t0)
		if err != nil || v != int64(2) {
			failures = append(failures, fmt.Sprintf("start: 1+1 gave %v, %v", v, err))
			break
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	startMedian := ms(times[len(times)/2])

	// (b) call round trip
	const calls = 1000
	add := monty.WithExternalFunc(func(ctx context.Context, c *monty.FunctionCall) (any, error) {
		return c.Args["a"].(int64) + c.Args["b"].(int64), nil
	}, monty.Func("add", "a", "b"))
	code := fmt.Sprintf("t = 0\nfor i in range(%d):\n    t = add(t, 1)\nt", calls)
	var best time.Duration
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		v, err := runner.Execute(ctx, code, nil, add)
		d := time.Since(t0)
		if err != nil || v != int64(calls) {
			failures = append(failures, fmt.Sprintf("round trip: %v, %v", v, err))
			break
		}
		if i == 0 || d < best {
			best = d
		}
	}
	roundTrip := ms(best) / calls

	// (c) compute programs
	py := *python
	if py == "" {
		py = "python3"
		if _, err := os.Stat("/root/.pyenv/versions/3.13.0/bin/python3"); err == nil {
			py = "/root/.pyenv/versions/3.13.0/bin/python3"
		}
	}
	paths, _ := filepath.Glob(filepath.Join(*root, "bench", "programs", "*.py"))
	sort.Strings(paths)
	programs := map[string]float64{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".py")
		src, err := os.ReadFile(path)
		if err != nil {
			failures = append(failures, name+": "+err.Error())
			continue
		}
		var want string
		if exp, err := os.ReadFile(strings.TrimSuffix(path, ".py") + ".expected"); err == nil {
			want = checksumLine(string(exp))
		} else {
			out, err := exec.Command(py, path).Output()
			if err != nil {
				failures = append(failures, fmt.Sprintf("%s: CPython: %v", name, err))
				continue
			}
			want = checksumLine(string(out))
		}
		var bestP time.Duration
		ok := true
		for i := 0; i < *repeat; i++ {
			var out strings.Builder
			t0 := time.Now()
			_, err := runner.Execute(ctx, string(src), nil,
				monty.WithFilename(filepath.Base(path)),
				monty.WithLimits(monty.Limits{MaxMemoryBytes: 1 << 30}),
				monty.WithPrintFunc(func(stream, text string) {
					if stream == "stdout" {
						out.WriteString(text)
					}
				}))
			d := time.Since(t0)
			if err != nil {
				failures = append(failures, fmt.Sprintf("%s: %v", name, err))
				ok = false
				break
			}
			if got := checksumLine(out.String()); got != want {
				failures = append(failures, fmt.Sprintf("%s: checksum %q != CPython %q", name, got, want))
				ok = false
				break
			}
			if i == 0 || d < bestP {
				bestP = d
			}
		}
		if ok {
			programs[name] = ms(bestP)
		}
	}
	report := map[string]any{
		"host":              "go",
		"start_median_ms":   startMedian,
		"call_roundtrip_ms": roundTrip,
		"programs":          programs,
		"failures":          failures,
	}
	b, _ := json.Marshal(report)
	fmt.Println(string(b))
	if len(failures) > 0 {
		os.Exit(1)
	}
}
