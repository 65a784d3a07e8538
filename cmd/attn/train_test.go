package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention/model"
)

func TestTrainList(t *testing.T) {
	code, out, errOut := runCmd(t, "", "train", "-list")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, name := range []string{"previous", "reverse", "sort", "induction", "coreference"} {
		if !strings.Contains(out, name+" ") {
			t.Errorf("-list does not list %s:\n%s", name, out)
		}
	}
}

func TestTrainBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"train"}, "-task is required"},
		{[]string{"train", "-task", "parity"}, `unknown task "parity"`},
		{[]string{"train", "-task", "reverse", "-steps", "-3"}, "-steps -3"},
		{[]string{"train", "-task", "reverse", "-steps", "ten"}, `invalid value "ten" for flag -steps`},
		{[]string{"train", "-task", "reverse", "-lr", "-0.1"}, "-lr -0.1"},
		{[]string{"train", "-task", "reverse", "-lr", "20"}, "learning rate 20"},
		{[]string{"train", "-task", "reverse", "-frobnicate"}, "flag provided but not defined: -frobnicate"},
		{[]string{"train", "-task", "reverse", "extra"}, `unexpected argument "extra"`},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" {
			t.Errorf("%q: exit %d, stdout %q; want exit 2 and nothing", c.args, code, out)
		}
		if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "attn: train: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: stderr %q, want one line with %q", c.args, errOut, c.want)
		}
	}
}

// TestTrainWritesModel trains briefly, twice, and checks the checkpoint
// lines, that the two models are the same bytes, and that cmd/attn computes
// an exported layer spec.
func TestTrainWritesModel(t *testing.T) {
	dir := t.TempDir()
	var models [][]byte
	for i := range 2 {
		path := filepath.Join(dir, "m"+string(rune('0'+i))+".json")
		code, out, errOut := runCmd(t, "", "train", "-task", "previous", "-steps", "30", "-every", "10", "-seed", "4", "-out", path)
		if code != exitOK || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 3 {
			t.Fatalf("%d lines, want 3 (steps 10, 20, 30):\n%s", len(lines), out)
		}
		for j, line := range lines {
			var c checkpoint
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				t.Fatalf("line %d: %v", j, err)
			}
			if c.Step != 10*(j+1) || c.Accuracy < 0 || c.Accuracy > 1 || c.Loss == nil || *c.Loss <= 0 || c.Final != (j == 2) || (c.Pattern != nil) != (j == 2) {
				t.Errorf("line %d: %s", j, line)
			}
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, b)
	}
	if !bytes.Equal(models[0], models[1]) {
		t.Error("two runs with the same flags wrote different models")
	}
	tr, err := model.NewTrainer(model.Config{Task: "previous", Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if err := tr.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if b, err := tr.Export(); err != nil || !bytes.Equal(b, models[0]) {
		t.Errorf("the file is not Trainer.Export's bytes (err %v)", err)
	}
	var m struct {
		Task   string
		Steps  int
		Sample struct {
			Tokens []string
			Layers []json.RawMessage
		}
	}
	if err := json.Unmarshal(models[0], &m); err != nil {
		t.Fatal(err)
	}
	if m.Task != "previous" || m.Steps != 30 || len(m.Sample.Layers) != 1 {
		t.Fatalf("model: task %q, steps %d, %d layers", m.Task, m.Steps, len(m.Sample.Layers))
	}
	code, out, errOut := runCmd(t, string(m.Sample.Layers[0]), "-")
	if code != exitOK {
		t.Fatalf("attn on the exported layer: exit %d, %s", code, errOut)
	}
	var res resultJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Tokens, " ") != strings.Join(m.Sample.Tokens, " ") || len(res.Heads) != 1 {
		t.Errorf("attn on the exported layer: tokens %q, %d heads", res.Tokens, len(res.Heads))
	}
}

// TestTrainDiverges checks that a learning rate far too large exits with
// status 1 and one line that says to lower it.
func TestTrainDiverges(t *testing.T) {
	code, _, errOut := runCmd(t, "", "train", "-task", "reverse", "-lr", "10", "-out", "-")
	if code != exitFailure || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "lower the learning rate (now 10)") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestTrainNoSteps checks that -steps 0 evaluates the untrained model and
// gives its loss as null.
func TestTrainNoSteps(t *testing.T) {
	code, out, errOut := runCmd(t, "", "train", "-task", "reverse", "-steps", "0", "-out", "-")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, `{"step":0,"loss":null,"accuracy":`) || strings.Count(out, "\n") != 1 {
		t.Errorf("output %q", out)
	}
}
