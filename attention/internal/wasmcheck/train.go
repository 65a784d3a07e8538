package wasmcheck

import (
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/attnviz/attnviz/attention/model"
)

// training dumps short training runs of package model: every parameter
// after the last step, and the SHA-256 of the exported JSON, which holds
// the loss and held-out accuracy as well.
func (d *dumper) training() {
	for _, run := range []struct {
		task  string
		seed  int64
		steps int
	}{{"reverse", 3, 8}, {"induction", 5, 4}, {"coreference", 2, 3}} {
		tr, err := model.NewTrainer(model.Config{Task: run.task, Seed: run.seed})
		if err != nil {
			d.fail(err)
			return
		}
		for range run.steps {
			if err := tr.Step(); err != nil {
				d.fail(err)
				return
			}
		}
		name := fmt.Sprintf("train %s seed=%d steps=%d", run.task, run.seed, run.steps)
		for _, p := range tr.Model.Params() {
			d.matrix(name+" "+p.Name, p.M)
		}
		b, err := tr.Export()
		if err != nil {
			d.fail(err)
			return
		}
		d.line(fmt.Sprintf("%s export sha256 %x", name, sha256.Sum256(b)))
	}
}

// fail records err unless an error is recorded already.
func (d *dumper) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

// line writes s and a newline.
func (d *dumper) line(s string) {
	if d.err == nil {
		_, d.err = io.WriteString(d.w, s+"\n")
	}
}
