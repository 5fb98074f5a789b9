//===- KeepLibrariesLoaded.cpp - No library unloads under LeakSanitizer ---===//
//
// Linked into the sanitized halc-run only. The Vulkan loader unloads the
// driver (lavapipe) when the instance is destroyed; what the driver still
// holds in its globals then looks leaked at exit (LeakSanitizer no longer
// sees those globals, nor can it name the frames). halc-run keeps every
// library loaded, so that a leak it reports is one.
//
//===----------------------------------------------------------------------===//

extern "C" int dlclose(void *) { return 0; }
