package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// train.go: attn train, which trains the small model of package
// attention/model on one of its tasks.

const trainUsage = `usage: attn train -task NAME [-seed S] [-steps N] [-lr X] [-every K] [-out FILE]
       attn train -list

Trains a small attention model on a task and prints one JSON line per
checkpoint, {"step", "loss", "accuracy"} (accuracy on held-out sequences),
then a last line with the final held-out accuracy and the share of held-out
sequences whose attention shows the task's pattern. Writes the trained model
as JSON (docs/model.md) to FILE.

  -task NAME   the task (attn train -list lists them)
  -seed S      seeds the initial weights and the batches (default 1)
  -steps N     optimizer steps (default: the task's step budget)
  -lr X        Adam's learning rate (default: the task's)
  -every K     steps between checkpoints (default: a tenth of the steps)
  -out FILE    where the model goes (default NAME-model.json; - for none)
  -list        list the tasks and exit
`

// trainOptions are attn train's flags, parsed.
type trainOptions struct {
	task, out   string
	seed        int64
	steps, ever int
	lr          float64
	list        bool
}

// parseTrainFlags parses attn train's arguments; errors are usage errors.
func parseTrainFlags(args []string) (*trainOptions, error) {
	o := &trainOptions{}
	fs := flag.NewFlagSet("attn train", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&o.task, "task", "", "")
	fs.Int64Var(&o.seed, "seed", 1, "")
	fs.IntVar(&o.steps, "steps", -1, "")
	fs.Float64Var(&o.lr, "lr", 0, "")
	fs.IntVar(&o.ever, "every", 0, "")
	fs.StringVar(&o.out, "out", "", "")
	fs.BoolVar(&o.list, "list", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, badInput("train: %v (attn train -h lists the flags)", err)
	}
	switch {
	case fs.NArg() > 0:
		return nil, badInput("train: unexpected argument %q (attn train -h lists the flags)", fs.Arg(0))
	case o.list:
		return o, nil
	case o.task == "":
		return nil, badInput("train: -task is required (attn train -list lists the tasks)")
	case o.steps < -1 || o.steps > 1_000_000:
		return nil, badInput("train: -steps %d: want 0 to 1000000", o.steps)
	case o.ever < 0:
		return nil, badInput("train: -every %d: want a positive number", o.ever)
	case o.lr < 0:
		return nil, badInput("train: -lr %v: want a number above 0", o.lr)
	}
	if _, err := model.Lookup(o.task); err != nil {
		return nil, badInput("train: %v", err)
	}
	return o, nil
}

// checkpoint is one JSON line of attn train's output.
type checkpoint struct {
	Step     int      `json:"step"`
	Loss     *float64 `json:"loss"` // null before the first step
	Accuracy float64  `json:"accuracy"`
	Pattern  *float64 `json:"pattern,omitempty"` // on the last line only
	Final    bool     `json:"final,omitempty"`
}

// runTrain is attn train: args after "train". It returns the exit status.
func runTrain(args []string, stdout, stderr io.Writer) int {
	o, err := parseTrainFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, trainUsage)
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "attn: "+oneLine(err.Error()))
		return exitBadInput
	}
	if o.list {
		for _, t := range model.Tasks() {
			fmt.Fprintf(stdout, "%-12s %s (target %g%% in %d steps)\n", t.Name, t.Summary.En, 100*t.Target, t.Steps)
		}
		return exitOK
	}
	if err := train(o, stdout); err != nil {
		fmt.Fprintln(stderr, "attn: train: "+oneLine(err.Error()))
		var usage *usageError
		if errors.As(err, &usage) {
			return exitBadInput
		}
		return exitFailure
	}
	return exitOK
}

// train trains as o says, printing checkpoints to w, and writes the model.
func train(o *trainOptions, w io.Writer) error {
	tr, err := model.NewTrainer(model.Config{Task: o.task, Seed: o.seed, LR: o.lr})
	if err != nil {
		return badInput("%v", err)
	}
	steps := o.steps
	if steps < 0 {
		steps = tr.Task.Steps
	}
	every := o.ever
	if every == 0 {
		every = max(1, steps/10)
	}
	enc := json.NewEncoder(w)
	for tr.Steps() < steps {
		if err := tr.Step(); err != nil {
			return err
		}
		if tr.Steps()%every == 0 && tr.Steps() < steps {
			if err := enc.Encode(checkpoint{Step: tr.Steps(), Loss: lossOf(tr), Accuracy: tr.Accuracy()}); err != nil {
				return err
			}
		}
	}
	pattern := tr.PatternShare()
	last := checkpoint{Step: tr.Steps(), Loss: lossOf(tr), Accuracy: tr.Accuracy(), Pattern: &pattern, Final: true}
	if err := enc.Encode(last); err != nil {
		return err
	}
	return writeModel(tr, o)
}

// lossOf returns the last step's loss, nil before the first step (JSON has
// no NaN).
func lossOf(tr *model.Trainer) *float64 {
	if tr.Steps() == 0 {
		return nil
	}
	l := tr.Loss()
	return &l
}

// writeModel writes tr's export to o.out, NAME-model.json by default, or
// nowhere for "-": exactly Trainer.Export's bytes, what the Learn view's
// window.attnviz.model() gives for the same task, seed, rate and steps.
func writeModel(tr *model.Trainer, o *trainOptions) error {
	out := o.out
	if out == "-" {
		return nil
	}
	if out == "" {
		out = o.task + "-model.json"
	}
	b, err := tr.Export()
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return fmt.Errorf("writing the model: %v", strings.TrimPrefix(err.Error(), "open "))
	}
	return nil
}
