// The errors a run can end with (MontyError, LimitError, UsageError,
// InternalError, ErrResumed) and PyError/Raise, which handlers return to
// raise an exception in the program.

package monty

import (
	"errors"
	"fmt"
)

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
