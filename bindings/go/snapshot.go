package monty

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
)

// A snapshot is this package's header, then the guest's bytes:
//
//	"MONTYGO\x00"  magic (8 bytes)
//	u16 LE         header version (1)
//	u32 LE         length of the metadata JSON
//	metadata JSON  {"filename", "functions": [FuncDef...], "ordered"}
//	32 bytes       SHA-256 (or HMAC-SHA-256 under WithSnapshotKey) of
//	               everything before it and of the guest bytes
//	guest bytes    the guest's own snapshot (its magic, format version and
//	               table fingerprint: another build refuses it)
const snapshotMagic = "MONTYGO\x00"
const snapshotVersion = 1

type snapshotMeta struct {
	Filename  string    `json:"filename"`
	Functions []FuncDef `json:"functions"`
	Ordered   bool      `json:"ordered,omitempty"`
	// Session: the snapshot is a session's (between cells, or a cell
	// paused inside one): RestoreSession continues it.
	Session bool `json:"session,omitempty"`
}

func (r *Runner) seal(head, guest []byte) []byte {
	var sum []byte
	if r.key != nil {
		m := hmac.New(sha256.New, r.key)
		m.Write(head)
		m.Write(guest)
		sum = m.Sum(nil)
	} else {
		h := sha256.New()
		h.Write(head)
		h.Write(guest)
		sum = h.Sum(nil)
	}
	return sum
}

// Snapshot returns the paused run as bytes that Restore continues, in
// this process or another. It is nil when the execution is not paused
// (done, already resumed or closed). The execution stays paused.
func (ex *Execution) Snapshot() []byte {
	b, err := ex.SnapshotBytes()
	if err != nil {
		return nil
	}
	return b
}

// SnapshotBytes is Snapshot with the reason when there is none.
func (ex *Execution) SnapshotBytes() ([]byte, error) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if ex.Done || ex.used || ex.rn == nil || ex.rn.closed {
		return nil, &UsageError{"nothing is paused: no snapshot"}
	}
	rn := ex.rn
	guest, err := rn.guestCall("snapshot", nil, false)
	if err != nil {
		return nil, err
	}
	if len(guest) == 0 {
		return nil, &UsageError{"the guest has nothing paused to snapshot"}
	}
	return rn.r.packSnapshot(snapshotMeta{Filename: rn.cfg.filename, Functions: rn.order, Ordered: rn.cfg.ordered, Session: rn.sess != nil}, guest), nil
}

// packSnapshot is the package's header, its seal, then the guest's bytes.
func (r *Runner) packSnapshot(m snapshotMeta, guest []byte) []byte {
	meta, _ := json.Marshal(m)
	var head bytes.Buffer
	head.WriteString(snapshotMagic)
	_ = binary.Write(&head, binary.LittleEndian, uint16(snapshotVersion))
	_ = binary.Write(&head, binary.LittleEndian, uint32(len(meta)))
	head.Write(meta)
	out := append([]byte(nil), head.Bytes()...)
	out = append(out, r.seal(head.Bytes(), guest)...)
	return append(out, guest...)
}

// Restore continues a snapshot in a fresh instance, paused where it was
// saved: answer it with Resume/ResumeWait or run it on with Continue,
// using the handlers, limits and print function of opts (the function
// declarations come from the snapshot; opts may add handlers only).
func (r *Runner) Restore(ctx context.Context, snapshot []byte, opts ...ExecuteOption) (*Execution, error) {
	meta, guest, err := r.unpackSnapshot(snapshot)
	if err != nil {
		return nil, err
	}
	cfg := newConfig(opts)
	cfg.filename = meta.Filename
	cfg.ordered = cfg.ordered || meta.Ordered
	rn, err := r.newRun(ctx, cfg)
	if err != nil {
		return nil, err
	}
	rn.setFuncs(meta.Functions)
	ex, err := rn.step("restore", guest)
	if err != nil {
		if ue, ok := err.(*UsageError); ok {
			return nil, &UsageError{"the guest refused the snapshot: " + ue.Message}
		}
		return nil, err
	}
	if ex.Done && meta.Session {
		return nil, &UsageError{"a session's snapshot taken between cells: continue it with RestoreSession"}
	}
	return ex, nil
}

// unpackSnapshot checks the package's header and seal; the metadata and
// the guest's bytes.
func (r *Runner) unpackSnapshot(snapshot []byte) (meta snapshotMeta, guest []byte, err error) {
	bad := func(why string) error {
		return &UsageError{"not a monty-go snapshot: " + why}
	}
	if len(snapshot) < len(snapshotMagic)+6 || string(snapshot[:len(snapshotMagic)]) != snapshotMagic {
		return meta, nil, bad("no MONTYGO header")
	}
	p := len(snapshotMagic)
	version := binary.LittleEndian.Uint16(snapshot[p:])
	if version != snapshotVersion {
		return meta, nil, &UsageError{fmt.Sprintf("snapshot header version %d; this package reads version %d", version, snapshotVersion)}
	}
	n := binary.LittleEndian.Uint32(snapshot[p+2:])
	p += 6
	if uint64(len(snapshot)) < uint64(p)+uint64(n)+32 {
		return meta, nil, bad("truncated")
	}
	metaBytes := snapshot[p : p+int(n)]
	head := snapshot[:p+int(n)]
	sum := snapshot[p+int(n) : p+int(n)+32]
	guest = snapshot[p+int(n)+32:]
	if len(guest) == 0 {
		return meta, nil, bad("truncated (no guest bytes)")
	}
	if !hmac.Equal(sum, r.seal(head, guest)) {
		if r.key != nil {
			return meta, nil, &UsageError{"snapshot refused: altered, truncated, or sealed under another key"}
		}
		return meta, nil, &UsageError{"snapshot refused: its checksum does not match (altered or truncated)"}
	}
	if err := json.Unmarshal(metaBytes, &meta); err != nil {
		return meta, nil, bad("bad metadata: " + err.Error())
	}
	return meta, guest, nil
}

type jsonRaw = json.RawMessage

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
