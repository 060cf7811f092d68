// What a Vue developer writes after `npm install site-search-widget preact @preact/signals`:
// the component from the package's Vue entry (in App.vue) and its stylesheet.
import { createApp } from 'vue';
import 'site-search-widget/style.css';
import App from './App.vue';

createApp(App).mount('#app');
