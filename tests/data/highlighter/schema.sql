-- Files and their chunks
CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    size INTEGER DEFAULT 0
);
/* one row per chunk */
CREATE INDEX files_path ON files(path);
SELECT path, count(*) AS n
FROM files
WHERE size > 1024 AND path LIKE 'src/%'
GROUP BY path ORDER BY n DESC;
