package model

import (
	"encoding/json"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// ExportFormat names the JSON that Export writes (docs/model.md).
const ExportFormat = "attnviz-model/1"

// exported is the JSON of a trained model: its fields in this order.
type exported struct {
	Format      string        `json:"format"`
	Task        string        `json:"task"`
	Seed        int64         `json:"seed"`
	LR          float64       `json:"lr"`
	Steps       int           `json:"steps"`
	WeightDecay float64       `json:"weight_decay"`
	Batch       int           `json:"batch"`
	Loss        *float64      `json:"loss"` // null before the first step
	Accuracy    float64       `json:"accuracy"`
	Arch        exportedArch  `json:"arch"`
	Vocab       []string      `json:"vocab"`
	Params      exportedModel `json:"params"`
	Sample      exportedProbe `json:"sample"`
}

type exportedArch struct {
	Vocab  int  `json:"vocab"`
	MaxLen int  `json:"max_len"`
	DModel int  `json:"d_model"`
	Heads  int  `json:"heads"`
	DV     int  `json:"d_v"`
	Layers int  `json:"layers"`
	Causal bool `json:"causal"`
}

type exportedModel struct {
	Emb    [][]float64     `json:"emb"`
	Pos    [][]float64     `json:"pos"`
	Layers []exportedLayer `json:"layers"`
	Unemb  [][]float64     `json:"unemb"`
}

type exportedLayer struct {
	Wq [][]float64 `json:"wq"`
	Wk [][]float64 `json:"wk"`
	Wv [][]float64 `json:"wv"`
	Wo [][]float64 `json:"wo"`
}

type exportedProbe struct {
	Text      string           `json:"text"`
	Tokens    []string         `json:"tokens"`
	Predicted []string         `json:"predicted"`
	Layers    []attention.Spec `json:"layers"` // one spec per layer, for cmd/attn
}

// Export returns the trained model as JSON (format ExportFormat, described
// in docs/model.md): the settings, step, loss and held-out accuracy, every
// parameter, and the task's sample sequence with each layer as an attention
// spec (its input X on the sample and its weights) that cmd/attn reads.
// Numbers are written by encoding/json, the shortest decimal that reads back
// as the same float64, so the same task, seed, learning rate and steps give
// the same bytes on every platform. Export fails once training has diverged.
func (tr *Trainer) Export() ([]byte, error) {
	if tr.err != nil {
		return nil, tr.err
	}
	m, a := tr.Model, tr.Model.Arch
	e := exported{
		Format: ExportFormat, Task: tr.Task.Name, Seed: tr.Seed, LR: tr.LR, Steps: tr.step,
		WeightDecay: tr.Task.WeightDecay, Batch: tr.Task.Batch, Accuracy: tr.Accuracy(),
		Arch:   exportedArch{a.Vocab, a.MaxLen, a.DModel, a.Heads, a.dv(), a.Layers, a.Causal},
		Vocab:  tr.Task.Vocab,
		Params: exportedModel{Emb: rows(m.Emb), Pos: rows(m.Pos), Unemb: rows(m.Unemb)},
	}
	if tr.step > 0 {
		e.Loss = &tr.loss
	}
	for _, l := range m.Layers {
		e.Params.Layers = append(e.Params.Layers, exportedLayer{rows(l.Wq), rows(l.Wk), rows(l.Wv), rows(l.Wo)})
	}
	p, err := tr.Probe(tr.Task.Sample)
	if err != nil {
		panic(fmt.Sprintf("model: task %s's sample: %v", tr.Task.Name, err))
	}
	e.Sample = exportedProbe{Text: tr.Task.Sample, Tokens: p.Words, Predicted: p.Predicted}
	for _, pl := range p.Layers {
		e.Sample.Layers = append(e.Sample.Layers, layerSpec(&pl.Input))
	}
	return json.Marshal(e)
}

// layerSpec returns in as a spec in matrix mode.
func layerSpec(in *attention.Input) attention.Spec {
	s := attention.Spec{
		Tokens: in.Tokens, X: rows(in.X),
		Wq: rows(in.Wq), Wk: rows(in.Wk), Wv: rows(in.Wv), Wo: rows(in.Wo),
		Heads: in.Heads, Mask: "none",
	}
	if in.Options.Causal {
		s.Mask = "causal"
	}
	return s
}

// rows returns m as a slice of rows.
func rows(m *mat.Dense) [][]float64 {
	r, c := m.Dims()
	out := make([][]float64, r)
	for i := range out {
		out[i] = append([]float64(nil), m.RawRowView(i)[:c]...)
	}
	return out
}
