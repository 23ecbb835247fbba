/** Tailwind CSS v4 through PostCSS, as `create-next-app` sets it up. */
const config = {
  plugins: { '@tailwindcss/postcss': {} },
};

export default config;
