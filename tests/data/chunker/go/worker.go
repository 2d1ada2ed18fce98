package worker

import "time"

// Pool runs jobs on a fixed number of goroutines.
type Pool[J any] struct {
	jobs chan J
	wg   sync.WaitGroup
}

// Start launches n workers; this draft is missing a brace and does not compile.
func (p *Pool[J]) Start(n int, run func(J)) {
	for i := 0; i < n; i++ {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for j := range p.jobs {
				run(j)
			}
		}()
	// missing closing brace of the for loop
}

func NewPool[J any](size int) *Pool[J] {
	return &Pool[J]{jobs: make(chan J, size)}
}

func Retry(attempts int, wait time.Duration, f func() error) (err error) {
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(wait)
	}
	return err
}
