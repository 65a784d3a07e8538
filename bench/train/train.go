// Package train is the bench's training measurement, the same in every
// runtime: a task trained from a seed until its held-out accuracy reaches
// the target (Measure), and the first steps' batches written out for a
// PyTorch peer that trains the same model on them (Export,
// bench/train_peer.py).
package train

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/attnviz/attnviz/attention/model"
)

// CheckEvery is how often, in steps, Measure checks the held-out accuracy.
const CheckEvery = 10

// Result is one task trained to its target.
type Result struct {
	Task  string `json:"task"`
	Steps int    `json:"steps"` // steps taken: to the target, or the budget
	// NsSamples are the warm runs' times per step: each run's steps' time
	// (no accuracy checks) over its steps. NsPerStep is their median.
	NsSamples []float64 `json:"ns_samples,omitempty"`
	NsPerStep float64   `json:"ns_per_step"`
	// CPUNsPerStep is the median of CPUSamples, each warm run's CPU time of
	// the process during the steps over its steps, where the platform tells
	// it (natively), else 0: less sensitive than NsPerStep to other work on
	// the machine.
	CPUSamples   []float64 `json:"cpu_samples,omitempty"`
	CPUNsPerStep float64   `json:"cpu_ns_per_step,omitempty"`
	TargetSteps  int       `json:"target_steps"` // steps at the first check that reached the target; 0 if none did
	TargetNs     float64   `json:"target_ns"`    // wall time to that check, the checks included
	Accuracy     float64   `json:"accuracy"`     // held-out accuracy at the last check
	Error        string    `json:"error,omitempty"`
}

// DefaultSamples is how many warm runs Measure times by default.
const DefaultSamples = 5

// Measure trains task from seed with its own learning rate, checking the
// held-out accuracy every CheckEvery steps, until it reaches the task's
// target or its step budget; then it trains it so samples times again
// (at least once), and the time per step is the median of those warm runs'.
// The first run, whose time to the target is kept, is what a page's first
// training costs, compilation included (V8 tiers wasm functions up once
// they are hot: previous, the first task, took 8 ms a step in Node, then
// 2.3–3 ms); the warm runs are the runtime's steady pace, as the PyTorch
// peer's time per step is after its warm-up.
func Measure(task string, seed int64, samples int) Result {
	r := measureRun(task, seed)
	if r.Error != "" {
		return r
	}
	r.NsSamples, r.CPUSamples = nil, nil
	for range max(samples, 1) {
		warm := measureRun(task, seed)
		r.NsSamples = append(r.NsSamples, warm.NsPerStep)
		if warm.CPUNsPerStep > 0 {
			r.CPUSamples = append(r.CPUSamples, warm.CPUNsPerStep)
		}
	}
	r.Summarize()
	return r
}

// Summarize sets each time per step that has samples to their median.
func (r *Result) Summarize() {
	for _, f := range []struct {
		xs []float64
		to *float64
	}{{r.NsSamples, &r.NsPerStep}, {r.CPUSamples, &r.CPUNsPerStep}} {
		if len(f.xs) > 0 {
			*f.to = Median(f.xs)
		}
	}
}

// Median returns the median of xs (the mean of the middle two for an even
// count), or 0 for none. xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// measureRun is one training of task from seed to its target or budget.
func measureRun(task string, seed int64) Result {
	r := Result{Task: task}
	tr, err := model.NewTrainer(model.Config{Task: task, Seed: seed})
	if err != nil {
		r.Error = err.Error()
		return r
	}
	var stepping, cpu time.Duration
	start := time.Now()
	for r.Steps < tr.Task.Steps && r.TargetSteps == 0 {
		t0 := time.Now()
		c0, hasCPU := cpuTime()
		for range CheckEvery {
			if err := tr.Step(); err != nil {
				r.Error = err.Error()
				return r
			}
		}
		stepping += time.Since(t0)
		if c1, ok := cpuTime(); ok && hasCPU {
			cpu += c1 - c0
		}
		r.Steps = tr.Steps()
		if r.Accuracy = tr.Accuracy(); r.Accuracy >= tr.Task.Target {
			r.TargetSteps, r.TargetNs = r.Steps, float64(time.Since(start).Nanoseconds())
		}
	}
	r.NsPerStep = float64(stepping.Nanoseconds()) / float64(r.Steps)
	r.CPUNsPerStep = float64(cpu.Nanoseconds()) / float64(r.Steps)
	if r.TargetSteps == 0 {
		r.Error = fmt.Sprintf("accuracy %.4f after the budget of %d steps, below the target %g", r.Accuracy, r.Steps, tr.Task.Target)
	}
	return r
}

// Spec is what a peer needs to train the same model as the Go trainer on
// the same batches: the shape, the initial weights, the optimizer's
// settings, and each of the first steps' batch with the loss Go computed.
type Spec struct {
	Task        string                 `json:"task"`
	Seed        int64                  `json:"seed"`
	Arch        Arch                   `json:"arch"`
	LR          float64                `json:"lr"`
	WeightDecay float64                `json:"weight_decay"`
	Clip        float64                `json:"clip"`
	Betas       [2]float64             `json:"betas"`
	Eps         float64                `json:"eps"`
	Params      map[string][][]float64 `json:"params"` // by model.Param name: emb, pos, layers.0.wq, …, unemb
	Batches     [][]Sequence           `json:"batches"`
	Losses      []float64              `json:"losses"` // Go's loss of each batch, before its update
}

// Arch is model.Arch in JSON, d_v filled in.
type Arch struct {
	Vocab  int  `json:"vocab"`
	MaxLen int  `json:"max_len"`
	DModel int  `json:"d_model"`
	Heads  int  `json:"heads"`
	DV     int  `json:"d_v"`
	Layers int  `json:"layers"`
	Causal bool `json:"causal"`
}

// Sequence is one sequence of a batch: token ids, and the id to predict at
// each position or -1.
type Sequence struct {
	Tokens  []int `json:"tokens"`
	Targets []int `json:"targets"`
}

// The AdamW settings of attention/model (docs/model.md); a peer that used
// others would fail its self-test against Go's losses.
var (
	betas = [2]float64{0.9, 0.98}
	eps   = 1e-9
)

// Export trains task from seed for steps steps and returns the Spec of
// those steps.
func Export(task string, seed int64, steps int) (*Spec, error) {
	if steps < 1 {
		return nil, errors.New("export: want at least 1 step")
	}
	tr, err := model.NewTrainer(model.Config{Task: task, Seed: seed})
	if err != nil {
		return nil, err
	}
	t, a := tr.Task, tr.Model.Arch
	s := &Spec{Task: task, Seed: seed, LR: tr.LR, WeightDecay: t.WeightDecay, Clip: t.Clip, Betas: betas, Eps: eps,
		Arch:   Arch{a.Vocab, a.MaxLen, a.DModel, a.Heads, tr.Model.Layers[0].Wv.RawMatrix().Cols / a.Heads, a.Layers, a.Causal},
		Params: map[string][][]float64{}}
	for _, p := range tr.Model.Params() {
		r, c := p.M.Dims()
		rows := make([][]float64, r)
		for i := range rows {
			rows[i] = append([]float64(nil), p.M.RawRowView(i)[:c]...)
		}
		s.Params[p.Name] = rows
	}
	for range steps {
		if err := tr.Step(); err != nil {
			return nil, err
		}
		var b []Sequence
		for _, ex := range tr.Batch() {
			b = append(b, Sequence{Tokens: append([]int(nil), ex.Tokens...), Targets: append([]int(nil), ex.Targets...)})
		}
		s.Batches = append(s.Batches, b)
		s.Losses = append(s.Losses, tr.Loss())
	}
	return s, nil
}

// Tasks are the names of the tasks, in model.Tasks' order.
func Tasks() []string {
	var names []string
	for _, t := range model.Tasks() {
		names = append(names, t.Name)
	}
	return names
}
