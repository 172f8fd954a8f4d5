import Foundation

/// A fixed set of worker threads and a bounded queue in front of them.  Each worker is a
/// long-lived thread, so the reader's per-thread state (one Tesseract engine per thread)
/// is created once per worker and reused.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var reserved = 0
    private(set) var busy = 0
    private let capacity: Int
    let workers: Int

    /// `capacity` jobs may wait; more are refused by `reserve()`.
    init(workers: Int, capacity: Int) {
        self.workers = workers
        self.capacity = capacity
        for i in 0..<workers {
            let thread = Thread { [unowned self] in self.loop() }
            thread.name = "idreader-worker-\(i)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Jobs waiting (reserved or queued, not yet running).
    var depth: Int { condition.lock(); defer { condition.unlock() }; return jobs.count - head + reserved }
    var busyWorkers: Int { condition.lock(); defer { condition.unlock() }; return busy }

    /// Takes a place in the queue, or returns false when the queue is full (a free worker
    /// always counts as a place).  Every successful reservation must be followed by `submit`.
    func reserve() -> Bool {
        condition.lock(); defer { condition.unlock() }
        let waiting = jobs.count - head + reserved
        guard waiting < capacity + (workers - busy) else { return false }
        reserved += 1
        return true
    }

    /// Runs `job` on a worker; the caller holds a reservation.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        reserved -= 1
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head > 64 && head * 2 > jobs.count { jobs.removeFirst(head); head = 0 }
            busy += 1
            condition.unlock()
            job()
            condition.lock()
            busy -= 1
            condition.unlock()
        }
    }
}
