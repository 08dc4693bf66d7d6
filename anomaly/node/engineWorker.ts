// The engine threads' entry (engineThread.ts runs it; scripts/build-server.ts
// bundles it for production): the jobs of threadJobs.ts, by name.
import { serveRequests } from "../../threads/serve";
import { THREAD_JOBS } from "./threadJobs";

serveRequests(THREAD_JOBS);
