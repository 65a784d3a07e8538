package compute

import (
	"encoding/json"
	"errors"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"
)

// exportModel writes tr's model as JSON: the run (task, seed, learning
// rate, steps) and every parameter, in model.Params' order.
//
// It stands in for the export of attention/model, which does not have one
// yet.
func exportModel(tr *model.Trainer, seed int64) (string, error) {
	type param struct {
		Name string      `json:"name"`
		Rows [][]float64 `json:"rows"`
	}
	out := struct {
		Task   string  `json:"task"`
		Seed   int64   `json:"seed"`
		LR     float64 `json:"lr"`
		Steps  int     `json:"steps"`
		Params []param `json:"params"`
	}{Task: tr.Task.Name, Seed: seed, LR: tr.LR, Steps: tr.Steps()}
	for _, p := range tr.Model.Params() {
		out.Params = append(out.Params, param{p.Name, state.OrRows(nil, p.M)})
	}
	b, err := json.Marshal(out)
	return string(b), err
}

// ModelJSON returns the trained model as JSON (see exportModel).
func (t *Training) ModelJSON() (string, error) {
	if t.trainer == nil {
		return "", errors.New("no model: the run has no trainer")
	}
	return exportModel(t.trainer, t.seed)
}
