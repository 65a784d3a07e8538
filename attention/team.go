//go:build amd64 && !purego

package attention

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// team.go: a forward's independent tasks (its heads, then its rows) on
// every core, by workers that watch for work a moment before they sleep.
//
// The pool of parallel.go wakes its workers through channels: a worker so
// woken takes several µs to start (the Go scheduler, and the system waking
// a thread), more than one head of a small forward costs. A team worker,
// after a set of tasks, watches for the next one for teamSpin (a loop of
// atomic loads) and only then sleeps on its channel: forwards run in a
// loop (the bench, a student's script) find it awake and hand it work in
// well under a µs. The caller claims tasks too, so a worker that the
// system does not run leaves its share to the caller.
//
// One forward at a time has the team; a forward that finds it busy (another
// goroutine's) runs its tasks alone. Which goroutine runs a task changes
// nothing in its bits.

// teamSpin is how long an idle team worker watches for work before it
// sleeps.
const teamSpin = 50 * time.Microsecond

// teamYieldSpins is how many times an idle worker checks for work between
// two yields of its core (to other threads, when the machine is busy).
const teamYieldSpins = 2048

// teamWaitSpins is how many times the caller checks for the workers'
// last tasks before it starts to yield its core between checks.
const teamWaitSpins = 4000

// teamWorker is one worker's way to be woken.
type teamWorker struct {
	asleep atomic.Bool   // the worker sleeps, or is about to, on wake
	wake   chan struct{} // a buffer of one
}

var team struct {
	start   sync.Once
	busy    sync.Mutex // held by the forward using the team
	members []*teamWorker
	job     atomic.Pointer[teamJob]
	_       [64]byte      // gen, which idle workers read in a loop, on its own cache line
	gen     atomic.Uint64 // task sets published so far
	_       [64]byte
	claim   atomic.Uint64 // gen<<32 | tasks<<16 | the next task to claim
	done    atomic.Int64  // tasks of the current set finished
}

// teamMaxTasks bounds the tasks of one set (they are counted in 16 bits).
const teamMaxTasks = 1<<16 - 1

func startTeam() {
	for range min(runtime.GOMAXPROCS(0), 16) - 1 {
		w := &teamWorker{wake: make(chan struct{}, 1)}
		team.members = append(team.members, w)
		go w.loop()
	}
}

// teamAcquire takes the team for the calling goroutine, starting it on
// first use; false when it has no workers or another goroutine has it.
func teamAcquire() bool {
	team.start.Do(startTeam)
	return len(team.members) > 0 && team.busy.TryLock()
}

// teamRelease gives the team back.
func teamRelease() { team.busy.Unlock() }

// teamRun runs j.run(0) … j.run(tasks−1) on the calling goroutine and the
// team, which the caller holds (teamAcquire), and returns when all are
// done.
func teamRun(j *teamJob, tasks int) {
	if tasks < 1 || tasks > teamMaxTasks {
		panic("attention: teamRun: task count out of range")
	}
	g := team.gen.Load() + 1
	team.job.Store(j)
	team.done.Store(0)
	team.claim.Store((g&0xffffffff)<<32 | uint64(tasks)<<16)
	team.gen.Store(g)
	for _, w := range team.members {
		if w.asleep.Load() && w.asleep.CompareAndSwap(true, false) {
			w.wake <- struct{}{} // never waits: one wake per sleep
		}
	}
	teamWork(g)
	for i := 0; team.done.Load() < int64(tasks); i++ {
		if i >= teamWaitSpins {
			yieldCPU() // a worker the system paused mid-task
		}
	}
}

// teamWork claims and runs tasks of set g until none is left.
func teamWork(g uint64) {
	for {
		c := team.claim.Load()
		next, tasks := c&0xffff, c>>16&0xffff
		if c>>32 != g&0xffffffff || next >= tasks {
			return
		}
		if !team.claim.CompareAndSwap(c, c+1) {
			continue
		}
		team.job.Load().run(int(next))
		team.done.Add(1)
	}
}

// loop is a worker's life: wait for a set of tasks, help with it, again.
func (w *teamWorker) loop() {
	var seen uint64
	for {
		seen = w.next(seen)
		teamWork(seen)
	}
}

// next returns the number of the first set published after set seen:
// it watches for one for teamSpin, then sleeps until teamRun wakes it.
func (w *teamWorker) next(seen uint64) uint64 {
	deadline := time.Now().Add(teamSpin)
	for i := 1; ; i++ {
		if g := team.gen.Load(); g != seen {
			return g
		}
		if i%64 == 0 && time.Now().After(deadline) {
			break
		}
		if i%teamYieldSpins == 0 {
			yieldCPU() // let a thread that waits for this core run
		}
	}
	w.asleep.Store(true)
	if g := team.gen.Load(); g != seen && w.asleep.CompareAndSwap(true, false) {
		return g // published meanwhile, and teamRun did not see us asleep
	}
	<-w.wake
	return team.gen.Load()
}
