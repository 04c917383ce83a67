// The source of skat_pch, the target that builds the build directory's precompiled header
// (services/CMakeLists.txt); it has no code of its own.
