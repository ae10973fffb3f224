// The static check: Check and Diagnose send the guest's check export the
// program with the stubs, functions and input names a run would declare,
// and return its findings as Diagnostics (a *CheckError when one is an
// error).

package monty

import (
	"context"
	"fmt"
	"strings"
)

// Severity says whether a Diagnostic makes the check fail.
type Severity string

// The severities.
const (
	// SeverityError: the program raises this when it gets there.
	SeverityError Severity = "error"
	// SeverityWarning: worth fixing, but the program runs (a coroutine
	// that is never awaited).
	SeverityWarning Severity = "warning"
)

// Diagnostic is one finding of the check: a compile error, or one of the
// static checker against the stubs. Lines and columns are 1-based (Col 0:
// unknown); EndCol is just past the end. Type is the exception the
// program would raise there ("TypeError", "NameError", "SyntaxError")
// and Message CPython's wording of it; Code is a stable rule name
// ("undefined-name", "call-arity", "call-keyword", "arg-type",
// "attr-unknown", "async-not-awaited", ...; "syntax" and "unsupported"
// for compile errors, "stubs" for stubs that do not parse).
type Diagnostic struct {
	Filename string   `json:"-"`
	Line     int      `json:"line"`
	Col      int      `json:"col,omitempty"`
	EndLine  int      `json:"end_line,omitempty"`
	EndCol   int      `json:"end_col,omitempty"`
	Type     string   `json:"type"`
	Message  string   `json:"message"`
	Code     string   `json:"code,omitempty"`
	Severity Severity `json:"severity"`
}

// String renders d as "file:line:col: code: message".
func (d Diagnostic) String() string {
	where := fmt.Sprintf("%s:%d", d.Filename, d.Line)
	if d.Col > 0 {
		where += fmt.Sprintf(":%d", d.Col)
	}
	code := d.Code
	if code == "" {
		code = d.Type
	}
	return where + ": " + code + ": " + d.Message
}

// IsError reports whether d makes the check fail.
func (d Diagnostic) IsError() bool { return d.Severity != SeverityWarning }

// CheckReport is what the guest's check found.
type CheckReport struct {
	// Compiles is false when the program does not compile (its
	// SyntaxError is then the only diagnostic).
	Compiles bool
	// Diagnostics lists every finding, errors and warnings, in source order.
	Diagnostics []Diagnostic
	// UndefinedNames lists the global names the program reads but never
	// binds (not builtins), in order of first use.
	UndefinedNames []string
}

// Errors returns the error-severity diagnostics.
func (r *CheckReport) Errors() []Diagnostic { return filterSeverity(r.Diagnostics, true) }

// Warnings returns the warning-severity diagnostics.
func (r *CheckReport) Warnings() []Diagnostic { return filterSeverity(r.Diagnostics, false) }

// CheckError is the error Check (and Execute or Start given WithStubs)
// returns when the static checker finds an error: Diagnostics holds every
// finding, warnings included; Error() lists the errors, one
// "file:line:col: code: message" a line.
type CheckError struct {
	Diagnostics []Diagnostic
}

func (e *CheckError) Error() string {
	var lines []string
	for _, d := range e.Errors() {
		lines = append(lines, d.String())
	}
	return "monty: the static check failed:\n" + strings.Join(lines, "\n")
}

// Errors returns the error-severity diagnostics.
func (e *CheckError) Errors() []Diagnostic { return filterSeverity(e.Diagnostics, true) }

// Warnings returns the warning-severity diagnostics.
func (e *CheckError) Warnings() []Diagnostic { return filterSeverity(e.Diagnostics, false) }

func filterSeverity(ds []Diagnostic, errs bool) []Diagnostic {
	var out []Diagnostic
	for _, d := range ds {
		if d.IsError() == errs {
			out = append(out, d)
		}
	}
	return out
}

// Check compiles code without running it and runs the static checker.
// It takes the options of a run: WithStubs (Python stub text declaring
// the host's tools), the FuncDefs of WithExternalFunc and WithInputNames
// declare what the host provides, WithFilename names the file; the others
// are ignored. It returns a *MontyError (SyntaxError, with the line in
// Message) when the code does not compile, a *CheckError when the checker
// finds an error, else nil; warnings do not fail it (Diagnose returns
// them). Undefined names are reported only when something is declared
// (stubs, functions or input names).
func (r *Runner) Check(ctx context.Context, code string, opts ...ExecuteOption) error {
	rep, err := r.Diagnose(ctx, code, opts...)
	if err != nil {
		return err
	}
	return rep.err()
}

// Diagnose runs the same check as Check and returns everything it found,
// warnings included, without judging it; the error is for a failed call
// (a trap, a refused request), not for a finding.
func (r *Runner) Diagnose(ctx context.Context, code string, opts ...ExecuteOption) (*CheckReport, error) {
	cfg := newConfig(opts)
	rn, err := r.newRun(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer rn.close()
	return rn.check(code, cfg.funcs, cfg.inputNames)
}

// err is the error Check returns for the report.
func (rep *CheckReport) err() error {
	if !rep.Compiles {
		if len(rep.Diagnostics) == 0 {
			return &MontyError{Type: "SyntaxError", Message: "the code does not compile"}
		}
		d := rep.Diagnostics[0]
		typ := d.Type
		if typ == "" {
			typ = "SyntaxError"
		}
		return &MontyError{Type: typ, Message: fmt.Sprintf("%s (line %d)", d.Message, d.Line)}
	}
	if len(rep.Errors()) > 0 {
		return &CheckError{Diagnostics: rep.Diagnostics}
	}
	return nil
}

type checkRequest struct {
	Code      string    `json:"code"`
	Filename  string    `json:"filename"`
	Externals []FuncDef `json:"externals,omitempty"`
	Stubs     string    `json:"stubs,omitempty"`
	Inputs    []string  `json:"inputs,omitempty"`
}

// check calls the guest's check export on the run's instance.
func (rn *run) check(code string, funcs []FuncDef, inputs []string) (*CheckReport, error) {
	req, err := jsonMarshal(checkRequest{
		Code: code, Filename: rn.cfg.filename, Externals: funcs, Stubs: rn.cfg.stubs, Inputs: inputs,
	})
	if err != nil {
		return nil, &UsageError{"check request: " + err.Error()}
	}
	out, err := rn.guestCall("check", req, true)
	if err != nil {
		return nil, err
	}
	var res struct {
		OK          *bool        `json:"ok"`
		Status      string       `json:"status"`
		Message     string       `json:"message"`
		Diagnostics []Diagnostic `json:"diagnostics"`
		Undefined   []string     `json:"undefined_names"`
	}
	if err := jsonUnmarshal(out, &res); err != nil {
		return nil, &InternalError{Message: "check returned bad JSON: " + err.Error()}
	}
	if res.OK == nil {
		if res.Status == "invalid" {
			return nil, &UsageError{res.Message}
		}
		return nil, &InternalError{Message: "check returned no report: " + string(out)}
	}
	for i := range res.Diagnostics {
		res.Diagnostics[i].Filename = rn.cfg.filename
		if res.Diagnostics[i].Severity == "" {
			res.Diagnostics[i].Severity = SeverityError
		}
	}
	return &CheckReport{Compiles: *res.OK, Diagnostics: res.Diagnostics, UndefinedNames: res.Undefined}, nil
}
