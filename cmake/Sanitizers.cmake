# Address + undefined behaviour sanitizers for the asan preset; any report aborts the test.
if(BILLIARDS_SANITIZE)
    set(_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
    add_compile_options(${_san})
    add_link_options(${_san})
endif()
