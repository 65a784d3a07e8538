package compute

import "errors"

// ModelJSON returns the trained model as the JSON of model.Trainer.Export:
// the bytes attn train -out writes for the same run. While a worker trains,
// the model of a step it has not stopped at is not at hand: an error.
func (t *Training) ModelJSON() (string, error) {
	if t.export == nil {
		return "", errors.New("no model: the run has no trainer")
	}
	return t.export()
}

// canExport reports whether export has the model of the run's step.
func (l *learner) canExport() bool {
	if l.problem.Key != "" {
		return false
	}
	if l.remote.on {
		return l.remote.exportStep == l.remote.step && l.remote.exported != ""
	}
	return true
}

// export returns the run's model as Export's JSON.
func (l *learner) export() (string, error) {
	if l.remote.on {
		if l.remote.exportStep != l.remote.step || l.remote.exported == "" {
			return "", errors.New("the model of this step is in the worker, which is training")
		}
		return l.remote.exported, nil
	}
	b, err := l.tr.Export()
	return string(b), err
}
