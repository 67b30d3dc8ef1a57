package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interrupts routes Ctrl-C: while a chat turn runs it cancels that turn
// only, and the session goes on; otherwise it stops the command.
var interrupts interruptRouter

type interruptRouter struct {
	mu   sync.Mutex
	turn context.CancelFunc
}

// during routes interrupts to cancel until the returned release is called.
func (r *interruptRouter) during(cancel context.CancelFunc) (release func()) {
	r.mu.Lock()
	r.turn = cancel
	r.mu.Unlock()
	return func() {
		r.mu.Lock()
		r.turn = nil
		r.mu.Unlock()
	}
}

// interrupt cancels the running turn and reports whether there was one.
func (r *interruptRouter) interrupt() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.turn == nil {
		return false
	}
	r.turn()
	r.turn = nil
	return true
}

// interruptContext is the command's context: SIGTERM, and SIGINT when no
// chat turn takes it, cancel it. stop releases the signals.
func interruptContext() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-ch:
				if sig == os.Interrupt && interrupts.interrupt() {
					continue
				}
				if ctx.Err() != nil { // a second Ctrl-C: the command did not stop in time
					os.Exit(exitInterrupted)
				}
				cancel()
			case <-done:
				return
			}
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel()
	}
}
