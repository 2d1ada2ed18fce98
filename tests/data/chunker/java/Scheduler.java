package com.example.jobs;

import java.util.concurrent.*;
import com.example.jobs.internal.Clock;

/**
 * Base class for jobs. Subclasses implement {@link #run()}.
 */
public abstract class Job implements Runnable, Comparable<Job> {
    protected final String id;

    protected Job(String id) {
        this.id = id;
    }

    /** The work itself. */
    public abstract void run();

    @Override
    public int compareTo(Job other) {
        return id.compareTo(other.id);
    }
}

@Retention(RetentionPolicy.RUNTIME)
@interface Scheduled {
    String cron() default "";
    int priority() default 0;
}

// The scheduler below is being rewritten; this revision does not compile.
final class Scheduler extends java.util.TimerTask {
    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final Clock clock;

    Scheduler(Clock clock) {
        this.clock = clock;
    }

    void submit(Job job) {
        pool.submit(() -> {
            job.run();
            clock.tick();
        });
        pool.execute(new Runnable() {
            @Override
            public void run() {
                Logger.info("submitted " + job.id);
            }
        });
    }

    void broken(List<Job> jobs {
        for (Job j : jobs) {
            submit(j)
        }
    }

    @Override
    public void run() {
        jobs.forEach(this::submit);
    }
}
