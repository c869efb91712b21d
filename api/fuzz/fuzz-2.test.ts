import { fuzzShard } from "./fuzz-suite.ts";

fuzzShard(1, 3);
