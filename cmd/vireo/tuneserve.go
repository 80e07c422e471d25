package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"vireo/tune/web"
)

// tuneServe is "vireo tune serve": the data loaded once, as the other
// tune subcommands load it, and the tuning workbench served over it.
func tuneServe(args []string) int {
	t := newTuneFlags("serve")
	addr := t.fs.String("addr", "127.0.0.1:8080", "listen on this address; the default, loopback, lets only this machine connect")
	if !t.parse(args) {
		return t.failCode
	}
	if t.group != "" {
		fmt.Fprintln(os.Stderr, "tune serve: the group is chosen on the page, not with --group")
		return 2
	}
	// The address first: a busy port or a typo is said at once, not
	// after minutes of reading the data.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune serve: %v\n", err)
		return 1
	}
	defer ln.Close()
	r, ok := t.setup()
	if !ok {
		return 1
	}
	p, train, valid, k := r.p, r.train, r.valid, r.k
	srv, err := web.New(web.Config{Train: train, Valid: valid, K: k, KFitted: t.k <= 0, Files: t.data,
		Validation: t.validation, Bad: t.stats.Bad, Start: p, ParamsFile: t.params, Workers: t.threads, Log: os.Stderr, Restart: reexec})
	if err != nil {
		fmt.Fprintf(os.Stderr, "tune serve: %v\n", err)
		return 1
	}
	wd, _ := os.Getwd()
	at := ln.Addr().String()
	if web.IsLoopback(at) {
		fmt.Fprintf(os.Stderr, "tune serve: open http://%s/ (loopback only: no other machine can connect; --addr to change)\n", at)
	} else {
		fmt.Fprintf(os.Stderr, "tune serve: listening on %s, NOT loopback: anyone who can reach this machine can run tunes and write files under %s\n", at, wd)
	}
	fmt.Fprintf(os.Stderr, "tune serve: Save and Reload paths are relative to %s; Ctrl-C stops\n", wd)
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		fmt.Fprintln(os.Stderr, "\ntune serve: stopping (the table is not saved: Save on the page does that)")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(ctx)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(os.Stderr, "tune serve: %v\n", err)
		return 1
	}
	srv.Stop()
	return 0
}
