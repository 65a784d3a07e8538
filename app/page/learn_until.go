package page

// stepGoal is the step count the Learn view's Step button asks for, with
// taken steps taken and training stopping at until: one more, but not past
// until. "Stop at step" stops Step as it stops Train; the status then says
// to raise it to train on (learn.status.done).
func stepGoal(taken, until int) int {
	if taken >= until {
		return taken
	}
	return taken + 1
}
