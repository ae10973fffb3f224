// Async wait handling: when the program blocks on awaitables, each newly
// announced async call runs on its own goroutine, and the wait is answered
// with the results ready (all of them under WithWaitAll).

package monty

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// settleWindow is how long a wait's reply waits for more results after
// the first one arrives.
const settleWindow = time.Millisecond

type asyncResult struct {
	id    int64
	reply []byte
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
			v, err = rn.safeCall(c)
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
