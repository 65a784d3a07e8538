package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/bench/forward"
)

// numpyPeer returns the NumPy peer, or skips the test where no Python has
// NumPy (bench/setup.sh installs it).
func numpyPeer(t *testing.T) *peer {
	t.Helper()
	for _, python := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(python, "-c", "import numpy").Run() == nil {
			return &peer{name: "NumPy", module: "numpy", python: python, times: timings{}}
		}
	}
	t.Skip("no Python with NumPy")
	return nil
}

// TestPeersSelftest: each installed peer's forward gives the weights and
// output of a per-row loop (forward_peers.py --selftest).
func TestPeersSelftest(t *testing.T) {
	p := numpyPeer(t)
	out, err := exec.Command(p.python, filepath.Join("..", "..", "bench", "forward_peers.py"), "--selftest").Output()
	if err != nil {
		t.Fatalf("%s: %s", err, out)
	}
	var r struct{ Checked []string }
	if err := json.Unmarshal(out, &r); err != nil || len(r.Checked) == 0 || r.Checked[0] != "numpy" {
		t.Errorf("selftest printed %s (%v)", out, err)
	}
}

// TestPeerMeasure: the peer reports the size it was asked for, with a time,
// and says which BLAS it ran on.
func TestPeerMeasure(t *testing.T) {
	p := numpyPeer(t)
	cfg := config{root: filepath.Join("..", ".."), pace: pace{peerRepeat: 2, peerMinTime: 0.001}}
	s := forward.Sizes[0]
	got, err := p.measure(context.Background(), cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	if f := got[s.Name()]; !(f.ns > 0) || len(got) != 1 {
		t.Errorf("measure = %+v", got)
	}
	if p.about == "" || !containsAll(p.about, "NumPy", "BLAS: ") {
		t.Errorf("about = %q", p.about)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestFindPeersMissing: without a Python, each peer says why, and measuring
// it gives that reason.
func TestFindPeersMissing(t *testing.T) {
	peers := findPeers(context.Background(), []string{"/nonexistent/python3"})
	if len(peers) != 2 || peers[0].name != "NumPy" || peers[1].name != "PyTorch" {
		t.Fatalf("peers = %+v", peers)
	}
	for _, p := range peers {
		if p.err == nil || !strings.Contains(p.err.Error(), "/nonexistent/python3: not found") {
			t.Errorf("%s: err = %v", p.name, p.err)
		}
		if _, err := p.measure(context.Background(), config{}, forward.Sizes[0]); err != p.err {
			t.Errorf("%s: measure err = %v, want %v", p.name, err, p.err)
		}
	}
}
